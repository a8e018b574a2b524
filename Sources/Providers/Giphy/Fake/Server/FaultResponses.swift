import FakeUpstream
import GiphyCatalog
import HTTPServer

/// The answer a fault stands for (all but `delay`, which only postpones the real answer).
enum FaultResponses {
    static func response(for fault: FakeGiphyFault, catalog: GIFCatalog) -> HTTPResponse? {
        switch fault {
        case .delay:
            return nil
        case .rateLimited(let shape, let retryAfter):
            var response = FakeBody.response(429, shape == .message
                ? Envelope.messageError("API rate limit exceeded")
                : Envelope.metaError(status: 429, message: "API rate limit exceeded"))
            if let retryAfter { response.headers.add(name: "Retry-After", value: String(retryAfter)) }
            return response
        case .unauthorized(let shape):
            return FakeBody.response(401, shape == .message
                ? Envelope.messageError("Invalid authentication credentials")
                : Envelope.metaError(status: 401, message: "Unauthorized"))
        case .forbidden(let shape):
            return FakeBody.response(403, shape == .message
                ? Envelope.messageError("You cannot consume this service")
                : Envelope.forbiddenMeta)
        case .serverError:
            return FakeBody.response(500, Envelope.metaError(status: 500, message: "Internal Server Error"))
        case .serviceUnavailable:
            return html(503, "<html><body><h1>503 Service Unavailable</h1>No server is available to handle this request.</body></html>")
        case .notJSON:
            return html(200, "<html><head><title>GIPHY</title></head><body>Please wait while we check your browser.</body></html>")
        case .truncatedJSON:
            let full = Envelope.list(Array(catalog.search("cats").prefix(5)), kind: .gifs, totalCount: 5, offset: 0,
                                     responseID: "truncated")
            return FakeBody.response(200, Array(full.prefix(full.count / 2)))
        case .synthetic:
            return FakeBody.response(200, Envelope.synthetic)
        case .response(let status, let contentType, let body, let headers):
            var response = HTTPResponse(status: HTTPStatus(code: status), contentType: contentType, body: Array(body.utf8))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { response.headers.add(name: name, value: value) }
            return response
        }
    }

    private static func html(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), contentType: "text/html", body: Array(body.utf8))
    }
}
