import Foundation
import Service
import HTTPServer

/// Turning service values into HTTP responses.
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
