import JSON
import Foundation
import Service
import Model
import HTTPServer

/// Turning service values into HTTP responses.
enum JSONResponse {
    /// A value's JSON answer, written by the server's one JSON writer.
    static func write(_ value: some JSONWritable, status: HTTPStatus = .ok, sizeHint: Int = 1024) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: value.jsonBytes(capacity: sizeHint))
    }
}
