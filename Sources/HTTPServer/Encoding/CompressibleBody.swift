import Synchronization

/// A body sent many times (a kept page, a web app file) with its entity tag, hashed once, and
/// its compressed forms (brotli, gzip) with tags of their own (`ContentCoding.entityTag`), each
/// made the first time a client asks for it and kept: a kept body is compressed once per coding,
/// never per request.
public final class CompressibleBody: Sendable {
    public let bytes: [UInt8]
    public let entityTag: String
    /// By coding, once asked for: the form, or nil when there is none worth sending (the body is
    /// too small, or no smaller compressed).
    private let forms = Mutex<[ContentCoding: Encoded?]>([:])

    struct Encoded: Sendable {
        let bytes: [UInt8]
        let entityTag: String
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        entityTag = ConditionalGET.entityTag(of: bytes)
    }

    /// The bytes kept: the body, and its compressed forms once made (each smaller than the body).
    public var byteCount: Int { bytes.count + forms.withLock { $0.values.reduce(0) { $0 + ($1?.bytes.count ?? 0) } } }

    /// A response with this body in the coding `request` prefers, its ETag and, when compressed,
    /// Content-Encoding. (The server's `CompressingResponder` adds Vary.)
    public func response(to request: HTTPRequest, status: HTTPStatus = .ok, contentType: String) -> HTTPResponse {
        if bytes.count >= ContentCoding.minimumCompressedBytes {
            let coding = ContentCoding.preferred(for: request)
            if coding != .identity, let form = encoded(coding) {
                var response = HTTPResponse(status: status, contentType: contentType, body: form.bytes)
                response.headers.set(name: "ETag", value: form.entityTag)
                response.headers.set(name: "Content-Encoding", value: coding.rawValue)
                return response
            }
        }
        var response = HTTPResponse(status: status, contentType: contentType, body: bytes)
        response.headers.set(name: "ETag", value: entityTag)
        return response
    }

    /// The form in `coding`, made under the lock the first time so that it is made once however
    /// many loops ask at the same moment (the others wait the one compression).
    func encoded(_ coding: ContentCoding) -> Encoded? {
        forms.withLock { forms in
            if let made = forms[coding] { return made }
            let made = coding.compress(bytes, kept: true).flatMap { compressed in
                compressed.count < bytes.count ? Encoded(bytes: compressed, entityTag: coding.entityTag(identityTag: entityTag)) : nil
            }
            forms[coding] = .some(made)
            return made
        }
    }
}
