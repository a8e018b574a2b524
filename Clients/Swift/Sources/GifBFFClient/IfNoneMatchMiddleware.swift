import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Swift OpenAPI Runtime percent-encodes header values, so an entity tag goes out as
/// `%22f0d6…%22`. gif-bff accepts that form too, but a proxy or an older server may not: this
/// sends the tag as it came, so a 304 happens wherever the answer is unchanged.
struct IfNoneMatchMiddleware: ClientMiddleware {
    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let tag = request.headerFields[.ifNoneMatch], tag.contains("%"), let decoded = tag.removingPercentEncoding {
            request.headerFields[.ifNoneMatch] = decoded
        }
        return try await next(request, body, baseURL)
    }
}
