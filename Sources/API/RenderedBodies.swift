import Synchronization

/// Answer bodies already written, by a key naming exactly their content (the cached answer, the
/// favorites version and the form), so a repeated request sends bytes that exist. Bounded in count
/// and bytes; the oldest written is dropped first. Keys never go stale: new content has a new key.
final class RenderedBodies: Sendable {
    private struct State {
        var bodies: [String: [UInt8]] = [:]
        /// Keys in the order written, oldest first; `head` is where the live part starts.
        var order: [String] = []
        var head = 0
        var totalBytes = 0
    }

    let maxCount: Int
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxCount: Int = 512, maxBytes: Int = 32 << 20) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// The body kept under `key`, or the one `write` makes, then kept. No key: written, not kept.
    func body(for key: String?, _ write: () -> [UInt8]) -> [UInt8] {
        guard let key else { return write() }
        if let kept = state.withLock({ $0.bodies[key] }) { return kept }
        let body = write()
        keep(body, for: key)
        return body
    }

    var count: Int { state.withLock { $0.bodies.count } }
    var byteCount: Int { state.withLock { $0.totalBytes } }

    private func keep(_ body: [UInt8], for key: String) {
        guard body.count <= maxBytes, maxCount > 0 else { return }
        state.withLock { state in
            guard state.bodies[key] == nil else { return }
            state.bodies[key] = body
            state.order.append(key)
            state.totalBytes += body.count
            while state.bodies.count > maxCount || state.totalBytes > maxBytes {
                let oldest = state.order[state.head]
                state.head += 1
                if let dropped = state.bodies.removeValue(forKey: oldest) { state.totalBytes -= dropped.count }
            }
            // Reclaims the dropped keys' slots now and then, not on every eviction.
            if state.head > maxCount {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }
}
