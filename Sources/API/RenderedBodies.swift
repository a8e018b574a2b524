import HTTPServer
import Synchronization

/// Answer bodies already written, by a key naming exactly their content (the cached answer, the
/// favorites version and the form), so a repeated request sends bytes that exist. Bounded in count
/// and bytes; the oldest written is dropped first. Keys never go stale: new content has a new key.
/// A kept body keeps its entity tag too, hashed once when written rather than on every answer.
final class RenderedBodies: Sendable {
    private struct Kept {
        let bytes: [UInt8]
        let entityTag: String
    }

    private struct State {
        var bodies: [String: Kept] = [:]
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
        answer(for: key, write).bytes
    }

    /// As `body`, with the body's entity tag when it is kept (nil otherwise: the transport hashes it).
    func answer(for key: String?, _ write: () -> [UInt8]) -> (bytes: [UInt8], entityTag: String?) {
        guard let key else { return (write(), nil) }
        if let kept = state.withLock({ $0.bodies[key] }) { return (kept.bytes, kept.entityTag) }
        let body = write()
        let tag = ConditionalGET.entityTag(of: body)
        keep(Kept(bytes: body, entityTag: tag), for: key)
        return (body, tag)
    }

    /// A 200 JSON response with the body kept under `key` (or written by `write`) and its ETag.
    func response(for key: String?, _ write: () -> [UInt8]) -> HTTPResponse {
        let (bytes, tag) = answer(for: key, write)
        var response = HTTPResponse(status: .ok, contentType: "application/json", body: bytes)
        if let tag { response.headers.set(name: "ETag", value: tag) }
        return response
    }

    var count: Int { state.withLock { $0.bodies.count } }
    var byteCount: Int { state.withLock { $0.totalBytes } }

    private func keep(_ body: Kept, for key: String) {
        guard body.bytes.count <= maxBytes, maxCount > 0 else { return }
        state.withLock { state in
            guard state.bodies[key] == nil else { return }
            state.bodies[key] = body
            state.order.append(key)
            state.totalBytes += body.bytes.count
            while state.bodies.count > maxCount || state.totalBytes > maxBytes {
                let oldest = state.order[state.head]
                state.head += 1
                if let dropped = state.bodies.removeValue(forKey: oldest) { state.totalBytes -= dropped.bytes.count }
            }
            // Reclaims the dropped keys' slots now and then, not on every eviction.
            if state.head > maxCount {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }
}
