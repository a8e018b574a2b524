import Synchronization

/// A body sent many times (a kept page, a web app file) with its entity tag, hashed once, and its
/// gzip form with that form's own tag (`ContentCoding.entityTag`), made the first time a client
/// accepts gzip and kept: a kept body is compressed once, never per request.
public final class CompressibleBody: Sendable {
    public let bytes: [UInt8]
    public let entityTag: String
    /// nil until first asked for; then the gzip form, or `.none` when there is none worth sending
    /// (too small, or no smaller).
    private let gzipForm = Mutex<Encoded??>(nil)

    struct Encoded: Sendable {
        let bytes: [UInt8]
        let entityTag: String
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        entityTag = ConditionalGET.entityTag(of: bytes)
    }

    /// The bytes kept: the body, and its gzip form once made (so at most about twice the body).
    public var byteCount: Int { bytes.count + (gzipForm.withLock { $0 ?? nil }?.bytes.count ?? 0) }

    /// A response with this body in the coding `request` prefers, its ETag and, when compressed,
    /// Content-Encoding. (The server's `CompressingResponder` adds Vary.)
    public func response(to request: HTTPRequest, status: HTTPStatus = .ok, contentType: String) -> HTTPResponse {
        if bytes.count >= ContentCoding.minimumCompressedBytes, ContentCoding.preferred(for: request) == .gzip,
           let gzip = gzipped() {
            var response = HTTPResponse(status: status, contentType: contentType, body: gzip.bytes)
            response.headers.set(name: "ETag", value: gzip.entityTag)
            response.headers.set(name: "Content-Encoding", value: ContentCoding.gzip.rawValue)
            return response
        }
        var response = HTTPResponse(status: status, contentType: contentType, body: bytes)
        response.headers.set(name: "ETag", value: entityTag)
        return response
    }

    /// The gzip form, made under the lock the first time so that it is made once however many
    /// loops ask at the same moment (the others wait the one compression).
    func gzipped() -> Encoded? {
        gzipForm.withLock { form in
            if let made = form { return made }
            let made = Gzip.compress(bytes, level: Gzip.keptLevel).flatMap { compressed in
                compressed.count < bytes.count ? Encoded(bytes: compressed, entityTag: ContentCoding.gzip.entityTag(identityTag: entityTag)) : nil
            }
            form = .some(made)
            return made
        }
    }
}
