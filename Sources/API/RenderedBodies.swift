import HTTPServer
import Synchronization

/// Answer bodies already written, by a key naming exactly their content (the cached answer, the
/// favorites version and the form), so a repeated request sends bytes that exist. Bounded in count
/// and bytes; the oldest written is dropped first. Keys never go stale: new content has a new key.
/// A kept body keeps its entity tag, hashed once when written, and its gzip form, compressed the
/// first time a client accepts gzip (`CompressibleBody`), never per request. The byte bound counts
/// the bodies as written; their gzip forms, each smaller than its body, at most double it.
final class RenderedBodies<Key: Hashable & Sendable>: Sendable {
    private struct State {
        var bodies: [Key: CompressibleBody] = [:]
        /// Keys in the order written, oldest first; `head` is where the live part starts.
        var order: [Key] = []
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

    /// The body kept under `key`, or the one `write` makes, then kept; nil: written, not kept.
    func body(for key: Key?, _ write: () -> [UInt8]) -> CompressibleBody? {
        guard let key else { return nil }
        if let kept = state.withLock({ $0.bodies[key] }) { return kept }
        let body = CompressibleBody(write(), contentType: "application/json")
        keep(body, for: key)
        return body
    }

    /// A 200 JSON response for `request` with the body kept under `key` (or written by `write`):
    /// a kept body in the coding the request accepts, with its ETag; one not kept as written
    /// (the transport hashes it, and compresses it if the client accepts gzip).
    func response(for key: Key?, to request: HTTPRequest, _ write: () -> [UInt8]) -> HTTPResponse {
        guard let key, let body = body(for: key, write) else {
            return HTTPResponse(status: .ok, contentType: "application/json", body: write())
        }
        return body.response(to: request)
    }

    var count: Int { state.withLock { $0.bodies.count } }
    var byteCount: Int { state.withLock { $0.totalBytes } }

    private func keep(_ body: CompressibleBody, for key: Key) {
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
