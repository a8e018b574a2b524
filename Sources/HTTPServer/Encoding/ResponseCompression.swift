/// The step after a route that compresses answers for clients that accept brotli or gzip (RFC 9110
/// 8.4, 12.5.3):
/// GET and HEAD answers only, of a compressible media type, of at least
/// `ContentCoding.minimumCompressedBytes`, and not already encoded (kept bodies come encoded
/// from `CompressibleBody`, compressed once). Such answers say `Vary: Accept-Encoding`, whatever
/// the request accepted, so no cache hands a gzip body to a client that did not ask for one.
///
/// Answers to POST, PUT and DELETE are never compressed: an answer that mints a secret (an
/// install's token) answers a POST, and a compressed secret beside what the request sent can be
/// guessed from the compressed length (BREACH). No GET answer holds a secret.
package enum ResponseCompression {
    /// The step in place: a response changed where it is is not copied first (its headers and
    /// body stay uniquely held), which a value passed in and returned would be.
    package static func compress(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard request.method == .get || request.method == .head, response.status.allowsContent,
              ContentCoding.isCompressible(contentType: response.headers["Content-Type"]) else { return }
        // Encoded already (a kept body's gzip form, however small it came out): it varied.
        if response.headers.contains(name: "Content-Encoding") {
            addVary(to: &response)
            return
        }
        guard response.body.count >= ContentCoding.minimumCompressedBytes else { return }
        addVary(to: &response)
        let coding = ContentCoding.preferred(for: request)
        guard let compressed = coding.compress(response.body, kept: false), compressed.count < response.body.count else {
            return
        }
        // The compressed form's tag, from the uncompressed body's: the same a kept body's form gets.
        let identityTag = response.headers["ETag"] ?? ConditionalGET.entityTag(of: response.body)
        response.body = compressed
        response.headers.set(name: "Content-Encoding", value: coding.rawValue)
        response.headers.set(name: "ETag", value: coding.entityTag(identityTag: identityTag))
    }

    /// `Vary: Accept-Encoding`, beside whatever the answer varies on already.
    static func addVary(to response: inout HTTPResponse) {
        // Most answers vary on nothing yet: one field added, nothing joined.
        guard response.headers.contains(name: "Vary") else {
            response.headers.add(name: "Vary", value: "Accept-Encoding")
            return
        }
        let values = response.headers.values(of: "Vary")
        guard !values.contains(where: { $0.lowercased().contains("accept-encoding") }) else { return }
        response.headers.set(name: "Vary", value: (values + ["Accept-Encoding"]).joined(separator: ", "))
    }
}
