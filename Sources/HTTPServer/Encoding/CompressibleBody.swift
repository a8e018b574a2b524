import Synchronization
import Primitives

/// A body sent many times (a kept page, a web app file) with its entity tag, hashed once, and
/// its compressed forms (brotli, gzip) with tags of their own (`ContentCoding.entityTag`), each
/// made the first time a client asks for it and kept: a kept body is compressed once per coding,
/// never per request. Each form's header fields (Content-Type, ETag, Content-Encoding) are
/// prepared with it (`PreparedFields`): a response sends their bytes as they are.
package final class CompressibleBody: Sendable {
    package let bytes: [UInt8]
    package let entityTag: String
    package let contentType: String
    private let identityFields: PreparedFields
    /// Each coding's form once asked for (`Made.form` nil when none is worth sending: the body is
    /// too small, or no smaller compressed). Read without a lock: the loops ask on every request.
    private let gzipForm = SetOnceReference<Made>()
    private let brotliForm = SetOnceReference<Made>()
    /// Held while a form is made, so that it is made once.
    private let making = Mutex(())

    /// A compressed form, and its fields (its own ETag among them).
    struct Encoded: Sendable {
        let bytes: [UInt8]
        let fields: PreparedFields
    }

    final class Made: Sendable {
        let form: Encoded?
        init(_ form: Encoded?) { self.form = form }
    }

    package init(_ bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
        entityTag = ConditionalGET.entityTag(of: bytes)
        identityFields = PreparedFields([("Content-Type", contentType), ("ETag", entityTag)])
    }

    /// The bytes kept: the body, and its compressed forms once made (each smaller than the body).
    package var byteCount: Int {
        bytes.count + [made(.gzip), made(.brotli)].reduce(0) { $0 + ($1?.form?.bytes.count ?? 0) }
    }

    /// A 200 with this body in the coding `request` prefers, its Content-Type, its ETag and, when
    /// compressed, Content-Encoding. (The server's `ResponseCompression` adds Vary.)
    package func response(to request: HTTPRequest) -> HTTPResponse {
        if bytes.count >= ContentCoding.minimumCompressedBytes {
            let coding = ContentCoding.preferred(for: request)
            if coding != .identity, let form = encoded(coding) {
                return HTTPResponse(status: .ok, headers: HTTPHeaders(prepared: form.fields), body: form.bytes)
            }
        }
        return HTTPResponse(status: .ok, headers: HTTPHeaders(prepared: identityFields), body: bytes)
    }

    /// The form in `coding`, made under the lock the first time so that it is made once however
    /// many loops ask at the same moment (the others wait the one compression).
    func encoded(_ coding: ContentCoding) -> Encoded? {
        guard coding != .identity else { return nil }
        if let made = made(coding) { return made.form }
        return making.withLock { _ in
            if let made = made(coding) { return made.form }
            let form = coding.compress(bytes, kept: true).flatMap { compressed in
                compressed.count < bytes.count ? encodedForm(compressed, coding) : nil
            }
            return keep(Made(form), for: coding).form
        }
    }

    private func encodedForm(_ compressed: [UInt8], _ coding: ContentCoding) -> Encoded {
        let tag = coding.entityTag(identityTag: entityTag)
        return Encoded(bytes: compressed,
                       fields: PreparedFields([("Content-Type", contentType), ("ETag", tag), ("Content-Encoding", coding.rawValue)]))
    }

    private func made(_ coding: ContentCoding) -> Made? {
        switch coding {
        case .gzip: gzipForm.load()
        case .brotli: brotliForm.load()
        case .identity: nil
        }
    }

    private func keep(_ made: Made, for coding: ContentCoding) -> Made {
        switch coding {
        case .gzip: gzipForm.storeIfNil(made)
        case .brotli: brotliForm.storeIfNil(made)
        case .identity: made
        }
    }
}
