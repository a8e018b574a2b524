import Foundation
import GifService
import HTTPServer

/// Turning service values and errors into HTTP responses.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPStatus = .ok) throws -> HTTPResponse {
        let encoder = JSONEncoder()
        // Media URLs are passed on as given; escaped slashes would be valid JSON but not the same text.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPResponse(status: status, contentType: "application/json", body: Array(try encoder.encode(value)))
    }

    /// The fast path for the shapes written directly.
    static func write(_ value: some JSONWritable, status: HTTPStatus = .ok, sizeHint: Int = 1024) -> HTTPResponse {
        var writer = JSONWriter(capacity: sizeHint)
        value.write(to: &writer)
        return HTTPResponse(status: status, contentType: "application/json", body: writer.bytes)
    }
}

extension ServiceError {
    /// The RFC 9457 problem for this error; Retry-After when the upstream said when to retry.
    var problem: ProblemDetails {
        var headers: [String: String] = [:]
        if let retryAfter { headers["Retry-After"] = String(retryAfter) }
        return ProblemDetails(status: HTTPStatus(code: status), code: code, title: title, detail: detail, headers: headers)
    }
}

/// Runs a service call and rethrows its error as the problem the server answers with.
/// The service throws only `ServiceError`; anything else would be a bug, answered as internal.
func answering<T>(_ call: () async throws -> T) async throws -> T {
    do {
        return try await call()
    } catch let error as ServiceError {
        throw error.problem
    }
}
