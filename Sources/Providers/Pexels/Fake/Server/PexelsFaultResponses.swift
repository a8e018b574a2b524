import DemoCatalog
import FakeUpstream
import HTTPServer
import PexelsCatalog

/// The answer a fault stands for (all but `delay`), and Pexels' error answers.
enum PexelsFaultResponses {
    static func response(for fault: FakePexelsFault, catalog: PexelsCatalog) -> HTTPResponse? {
        switch fault {
        case .delay:
            return nil
        case .status(let status, let message):
            return error(status, message)
        case .tooManyRequests:
            return error(429, "Too Many Requests")
        case .notJSON:
            return HTTPResponse(status: .ok, contentType: "text/html", body: Array("<html><body><h1>Pexels</h1>Please wait.</body></html>".utf8))
        case .truncatedJSON:
            guard let paging = PexelsPaging(page: 1, perPage: 5) else { return error(500, "Internal Server Error") }
            let full = PexelsPhotoJSON.page(paging.slice(of: catalog.search("mountain")), paging: paging, total: 5, in: catalog) { _ in "" }
            return FakeBody.response(200, Array(full.prefix(full.count / 2)))
        case .response(let status, let contentType, let body, let headers):
            var response = HTTPResponse(status: HTTPStatus(code: status), contentType: contentType, body: Array(body.utf8))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { response.headers.add(name: name, value: value) }
            return response
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        FakeBody.response(status, PexelsPhotoJSON.error(message))
    }
}
