import FakeUpstream
import HTTPServer
import UnsplashCatalog

/// The answer a fault stands for (all but `delay`), and Unsplash's error answers.
enum UnsplashFaultResponses {
    static func response(for fault: FakeUnsplashFault, catalog: PhotoCatalog) -> HTTPResponse? {
        switch fault {
        case .delay:
            return nil
        case .status(let status, let messages):
            return errors(status, messages)
        case .rateLimited:
            return rateLimitExceeded()
        case .tooManyRequests:
            return errors(429, ["Rate Limit Exceeded"])
        case .notJSON:
            return HTTPResponse(status: .ok, contentType: "text/html",
                                body: Array("<html><body><h1>Unsplash</h1>Please wait.</body></html>".utf8))
        case .truncatedJSON:
            let full = PhotoJSON.searchResults(catalog.search("mountain").prefix(5), total: 5, totalPages: 1, in: catalog,
                                               apiBase: "http://127.0.0.1")
            return FakeBody.response(200, Array(full.prefix(full.count / 2)))
        case .response(let status, let contentType, let body, let headers):
            var response = HTTPResponse(status: HTTPStatus(code: status), contentType: contentType, body: Array(body.utf8))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { response.headers.add(name: name, value: value) }
            return response
        }
    }

    static func errors(_ status: Int, _ messages: [String]) -> HTTPResponse {
        FakeBody.response(status, PhotoJSON.errors(messages))
    }

    /// What real clients get over the hourly limit: 403 and a plain-text body.
    static func rateLimitExceeded() -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: 403), contentType: "text/plain", body: Array("Rate Limit Exceeded".utf8))
    }
}
