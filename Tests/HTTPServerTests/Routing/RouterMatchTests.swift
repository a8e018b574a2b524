@testable import HTTPServer
import Primitives
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

extension RouterMatchTests {
    /// Literals of one length are told apart by their text; a literal that leads nowhere falls
    /// back to the parameter; several parameters are all kept; HEAD uses GET's handler unless it
    /// has its own.
    func testLiteralsParametersAndMethods() async throws {
        var builder = RouterBuilder()
        builder.get("/media/{provider}/{key}/{name}") { _ in .json("\"media\"") }
        builder.get("/items/{id}/download") { _ in .json("\"download\"") }
        builder.get("/items/top/list") { _ in .json("\"top\"") }
        builder.get("/items/new") { _ in .json("\"new\"") }
        builder.get("/items/old") { _ in .json("\"old\"") }
        builder.on(.head, "/items/old", handler: { _ in .ready(.json("\"old head\"")) })
        let router = builder.build()
        func answer(_ method: HTTPMethod, _ path: String) async throws -> String {
            let response = try await router.respond(to: makeRequest(method, path))
            return String(decoding: response.body, as: UTF8.self)
        }
        let answerNew = try await answer(.get, "/items/new")
        let answerOld = try await answer(.get, "/items/old")
        let answerTop = try await answer(.get, "/items/top/download")
        let headNew = try await answer(.head, "/items/new")
        let headOld = try await answer(.head, "/items/old")
        XCTAssertEqual(answerNew, "\"new\"")
        XCTAssertEqual(answerOld, "\"old\"")
        XCTAssertEqual(answerTop, "\"download\"", "the literal 'top' leads nowhere here: {id} matches")
        XCTAssertEqual(headNew, "\"new\"")
        XCTAssertEqual(headOld, "\"old head\"")
        var top = makeRequest(.get, "/items/top/download")
        router.match(&top)
        XCTAssertEqual(top.pathParameters, ["id": "top"])
        var media = makeRequest(.get, "/media/giphy/abc/small.gif")
        router.match(&media)
        XCTAssertEqual(media.route, "/media/{provider}/{key}/{name}")
        XCTAssertEqual(media.pathParameters, ["name": "small.gif", "provider": "giphy", "key": "abc"])
        XCTAssertEqual(media.pathParameters["key"], "abc")
        XCTAssertNil(media.pathParameters["id"])
        var none = makeRequest(.get, "/items/newer")
        router.match(&none)
        XCTAssertNil(none.route)
    }

    func testPathParametersSetReplaceAndRemove() {
        var parameters: PathParameters = ["a": "1", "b": "2"]
        parameters["a"] = "3"
        XCTAssertEqual(parameters, ["b": "2", "a": "3"])
        parameters["b"] = nil
        XCTAssertEqual(parameters, ["a": "3"])
        XCTAssertNotEqual(parameters, ["a": "3", "c": "4"])
        parameters["a"] = nil
        XCTAssertEqual(parameters, PathParameters())
    }
}

/// Routes handlers saw, collected across tasks.
final class SeenRoutes: Sendable {
    private let storage = Mutex<[String?]>([])
    func record(_ route: String?) { storage.withLock { $0.append(route) } }
    var routes: [String?] { storage.withLock { $0 } }
}
