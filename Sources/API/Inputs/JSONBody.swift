import Foundation
import HTTPServer
import JSON
import Service
import Model

/// Request bodies: JSON only (415 otherwise), read by the server's one JSON reader; malformed JSON,
/// a body that is not UTF-8 (JSON text is UTF-8, RFC 8259 section 8.1), or a body that is not one
/// object, is 400 `invalid_body`.
enum JSONBody {
    static func object(of request: HTTPRequest) throws(ProblemDetails) -> JSONObject {
        let mediaType = (request.headers["Content-Type"] ?? "").split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw ProblemDetails(status: .unsupportedMediaType, code: "unsupported_media_type", title: "Unsupported media type",
                                 detail: "The request body must be JSON (Content-Type: application/json).")
        }
        // The reader repairs invalid UTF-8 in strings (upstream answers are read leniently): a
        // client's body is checked first, so bytes that are not text never pass as some value.
        guard isUTF8(request.body), let root = JSONDocument.root(of: Data(request.body)) else {
            throw ProblemDetails(status: .badRequest, code: "invalid_body", title: "Invalid body",
                                 detail: "The request body is not valid JSON.")
        }
        guard let object = try? JSONObject(root) else {
            throw ProblemDetails(status: .badRequest, code: "invalid_body", title: "Invalid body",
                                 detail: "The request body must be a JSON object.")
        }
        return object
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong form, surrogate or value past U+10FFFF),
    /// read without making a string.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A string member of the body's object; absent or not a string is an invalid parameter.
    static func stringField(_ name: StaticString, of request: HTTPRequest) throws -> String {
        guard let value = try object(of: request).optional(name)?.string else {
            throw ServiceError.invalid("\(name)", "a string is required in the JSON body.")
        }
        return value
    }
}
