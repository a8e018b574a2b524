import HTTPServer
import Primitives
import Synchronization

/// Answer bodies already written, by a key naming exactly their content (the cached answer, the
/// favorites version and the form), so a repeated request sends bytes that exist. Bounded in count
/// and bytes, the least recently used dropped first (`BoundedLRU`; a hit among the newest eighth
/// moves nothing, as in the memory cache). Keys never go stale: new content has a new key.
/// A stored body holds its entity tag, hashed once when written, and its gzip form, compressed the
/// first time a client accepts gzip (`CompressibleBody`), never per request. The byte bound counts
/// the bodies as written; their gzip forms, each smaller than its body, at most double it, and a
/// body's array holds at most a third more than its bytes (`JSONWriter.bytes`).
final class RenderedBodies<Key: Hashable & Sendable>: Sendable {
    let maxCount: Int
    let maxBytes: Int
    /// How many of the newest bodies a hit leaves where they are: an eighth of the count.
    private let recent: Int
    private let state: Mutex<BoundedLRU<Key, CompressibleBody>>

    init(maxCount: Int = 512, maxBytes: Int = 32 << 20) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        recent = max(maxCount / 8, 1)
        state = Mutex(BoundedLRU(maxCount: maxCount, maxBytes: maxBytes))
    }

    /// The body stored under `key`, or the one `write` makes, then stored; nil: written, not stored.
    func body(for key: Key?, _ write: () -> [UInt8]) -> CompressibleBody? {
        guard let key else { return nil }
        if let stored = state.withLock({ $0.use(key, unlessAmongNewest: recent) { $0 } }) { return stored }
        let body = CompressibleBody(write(), contentType: "application/json")
        state.withLock { bodies in
            // Another request may have stored one meanwhile: the same bytes, whose gzip form may be made already.
            if bodies[key] == nil { bodies.insert(body, forKey: key, bytes: body.bytes.count) }
        }
        return body
    }

    /// A 200 JSON response for `request` with the body stored under `key` (or written by `write`):
    /// a stored body in the coding the request accepts, with its ETag; one not stored as written
    /// (the transport hashes it, and compresses it if the client accepts gzip).
    func response(for key: Key?, to request: HTTPRequest, _ write: () -> [UInt8]) -> HTTPResponse {
        guard let key, let body = body(for: key, write) else {
            return HTTPResponse(status: .ok, contentType: "application/json", body: write())
        }
        return body.response(to: request)
    }

    var count: Int { state.withLock { $0.count } }
    var byteCount: Int { state.withLock { $0.bytes } }
}
