@testable import HTTPServer
import Synchronization
import XCTest

/// The router looks a request's route up once and records it on the request.
final class RouterMatchTests: XCTestCase {
    private func makeRouter(seen: SeenRoutes = SeenRoutes()) -> Router {
        var builder = RouterBuilder()
        builder.get("/gifs/{id}") { request in
            seen.record(request.route)
            return .json("{\"id\":\"\(request.pathParameters["id"] ?? "")\"}")
        }
        builder.get("/gifs/trending") { _ in .json("[]") }
        return builder.build()
    }

    private func makeRequest(_ method: HTTPMethod, _ path: String) -> HTTPRequest {
        HTTPRequest(method: method, target: path, path: path,
                    pathSegments: path.split(separator: "/").map(String.init))
    }

    func testMatchRecordsTheTemplateAndParameters() {
        let router = makeRouter()
        var request = makeRequest(.get, "/gifs/abc")
        XCTAssertNil(request.route)
        router.match(&request)
        XCTAssertEqual(request.route, "/gifs/{id}")
        XCTAssertEqual(request.pathParameters, ["id": "abc"])
        var literal = makeRequest(.post, "/gifs/trending")
        router.match(&literal)
        XCTAssertEqual(literal.route, "/gifs/trending", "a route matched whatever the method")
        var none = makeRequest(.get, "/nothing/here")
        router.match(&none)
        XCTAssertNil(none.route)
    }

    func testRespondUsesTheRecordedMatchAndTheHandlerSeesTheRoute() async throws {
        let seen = SeenRoutes()
        let router = makeRouter(seen: seen)
        var request = makeRequest(.get, "/gifs/abc")
        router.match(&request)
        let response = try await router.respond(to: request)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"id\":\"abc\"}")
        XCTAssertEqual(seen.routes, ["/gifs/{id}"])
        // Answering does not look the route up again: the recorded match stands.
        var recorded = makeRequest(.get, "/gifs/trending")
        router.match(&recorded)
        recorded.pathSegments = ["gifs", "xyz"]
        let trending = try await router.respond(to: recorded)
        XCTAssertEqual(String(decoding: trending.body, as: UTF8.self), "[]")
        // Unmatched and wrong-method requests keep their 404 and 405.
        do {
            _ = try await router.respond(to: makeRequest(.get, "/nothing"))
            XCTFail("no 404")
        } catch let problem as ProblemDetails {
            XCTAssertEqual(problem.status.code, 404)
        }
        do {
            _ = try await router.respond(to: makeRequest(.delete, "/gifs/abc"))
            XCTFail("no 405")
        } catch let problem as ProblemDetails {
            XCTAssertEqual(problem.status.code, 405)
            XCTAssertEqual(problem.headers["Allow"], "GET, HEAD")
        }
    }
}

/// Routes handlers saw, collected across tasks.
final class SeenRoutes: Sendable {
    private let storage = Mutex<[String?]>([])
    func record(_ route: String?) { storage.withLock { $0.append(route) } }
    var routes: [String?] { storage.withLock { $0 } }
}
