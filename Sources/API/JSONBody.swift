import Foundation
import HTTPServer
import JSON
import Service
import Model

/// Request bodies: JSON only (415 otherwise), read by the server's one JSON reader; malformed JSON,
/// or a body that is not one object, is 400.
enum JSONBody {
    static func object(of request: HTTPRequest) throws(ProblemDetails) -> JSONObject {
        let mediaType = (request.headers["Content-Type"] ?? "").split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw ProblemDetails(status: .unsupportedMediaType, code: "unsupported_media_type", title: "Unsupported media type",
                                 detail: "The request body must be JSON (Content-Type: application/json).")
        }
        guard let root = JSONDocument.root(of: Data(request.body)) else {
            throw ProblemDetails(status: .badRequest, code: "invalid_body", title: "Invalid body",
                                 detail: "The request body is not valid JSON.")
        }
        guard let object = try? JSONObject(root) else {
            throw ProblemDetails(status: .badRequest, code: "invalid_body", title: "Invalid body",
                                 detail: "The request body must be a JSON object.")
        }
        return object
    }

    /// A string member of the body's object; absent or not a string is an invalid parameter.
    static func stringField(_ name: StaticString, of request: HTTPRequest) throws -> String {
        guard let value = try object(of: request).optional(name)?.string else {
            throw ServiceError.invalid("\(name)", "a string is required in the JSON body.")
        }
        return value
    }
}
