import API
import Foundation
@testable import GifBFFApp
import TestSupport
import XCTest

/// CORS against the real server (issue 13, item 2): headers for allowed origins, none for others,
/// preflights listing each route's methods, and 403 for a cross-site write that changes nothing.
final class CORSTests: XCTestCase {
    private let exposed = "ETag, X-Cache, Age, Retry-After, WWW-Authenticate"

    /// `vary`: what the answer varies on besides the origin (a page of more than 1 KiB varies on Accept-Encoding too).
    private func assertCORS(_ response: RawClient.Response, origin: String, vary: String = "Origin",
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.header("Access-Control-Allow-Origin"), origin, file: file, line: line)
        XCTAssertEqual(response.header("Vary"), vary, file: file, line: line)
        XCTAssertEqual(response.header("Access-Control-Expose-Headers"), exposed, file: file, line: line)
    }

    private func assertNoCORS(_ response: RawClient.Response, file: StaticString = #filePath, line: UInt = #line) {
        let names = response.headers.map { $0.0.lowercased() }
        XCTAssertFalse(names.contains { $0.hasPrefix("access-control-") }, "\(response.headers)", file: file, line: line)
        XCTAssertNil(response.header("Vary"), file: file, line: line)
    }

    func testEveryPortOfTheLoopbackOriginsIsAllowedByDefault() throws {
        let api = try APIHarness(self)
        for origin in ["http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:8081", "http://localhost", "http://LOCALHOST:80"] {
            let health = try api.send("GET", "/healthz", headers: ["Origin: \(origin)"])
            XCTAssertEqual(health.status, 200, origin)
            assertCORS(health, origin: origin)
        }
        // Errors too, or the page could not read the problem.
        let missing = try api.send("GET", "/gif/nosuchgif000", headers: ["Origin: http://localhost:5173"])
        XCTAssertEqual(missing.status, 404)
        assertCORS(missing, origin: "http://localhost:5173")
        let notFound = try api.send("GET", "/nowhere", headers: ["Origin: http://localhost:5173"])
        XCTAssertEqual(notFound.status, 404)
        assertCORS(notFound, origin: "http://localhost:5173")
    }

    func testAnswersToAnAllowedOriginExposeTheCacheHeadersEvenOn304() throws {
        let api = try APIHarness(self)
        let first = try api.send("GET", "/trending?limit=1", headers: ["Origin: http://localhost:5173"])
        assertCORS(first, origin: "http://localhost:5173", vary: "Accept-Encoding, Origin")
        let tag = try XCTUnwrap(first.header("ETag"))
        let again = try api.send("GET", "/trending?limit=1", headers: ["Origin: http://localhost:5173", "If-None-Match: \(tag)"])
        XCTAssertEqual(again.status, 304)
        assertCORS(again, origin: "http://localhost:5173", vary: "Accept-Encoding, Origin")
    }

    func testADisallowedOriginGetsNoCORSHeaders() throws {
        let api = try APIHarness(self)
        for origin in ["http://evil.example", "null", "https://localhost:5173", "http://localhost.evil.example:5173",
                       "http://localhost:5173/path", "http://localhost:x"] {
            let health = try api.send("GET", "/healthz", headers: ["Origin: \(origin)"])
            XCTAssertEqual(health.status, 200, origin)
            assertNoCORS(health)
            // The preflight gets the POST's problem, naming the setting (issue 35.3), not a 405.
            for (path, method) in [("/favorites", "POST"), ("/search/history", "DELETE"), ("/search", "GET"), ("/nowhere", "POST")] {
                let preflight = try api.send("OPTIONS", path, headers: ["Origin: \(origin)", "Access-Control-Request-Method: \(method)"])
                XCTAssertEqual(preflight.status, 403, "\(origin) \(path)")
                XCTAssertEqual(preflight.header("Content-Type"), "application/problem+json", "\(origin) \(path)")
                XCTAssertEqual(preflight.json?["code"] as? String, "origin_not_allowed", "\(origin) \(path)")
                XCTAssertTrue((preflight.json?["detail"] as? String)?.contains("GIF_BFF_CORS_ORIGINS") == true, preflight.text)
                assertNoCORS(preflight)
            }
            let post = try api.send("POST", "/favorites", json: "{\"id\":\"abc\"}", headers: ["Origin: \(origin)"])
            XCTAssertEqual(post.status, 403, origin)
            let preflight = try api.send("OPTIONS", "/favorites", headers: ["Origin: \(origin)", "Access-Control-Request-Method: POST"])
            XCTAssertEqual(preflight.json?["detail"] as? String, post.json?["detail"] as? String, "the same problem as the POST's")
            // An OPTIONS that is no preflight is still 405, as any method a path does not serve.
            XCTAssertEqual(try api.send("OPTIONS", "/favorites", headers: ["Origin: \(origin)"]).status, 405, origin)
        }
        // Without Origin nothing changes either.
        assertNoCORS(try api.get("/healthz"))
    }

    func testAPreflightListsThatRoutesMethods() throws {
        let api = try APIHarness(self)
        let origin = "http://localhost:5173"
        let cases = [("/search", "GET, HEAD"), ("/favorites", "GET, HEAD, POST"), ("/favorites/abc", "DELETE"),
                     ("/search/history", "DELETE, GET, HEAD")]
        for (path, methods) in cases {
            let preflight = try api.send("OPTIONS", path, headers: ["Origin: \(origin)", "Access-Control-Request-Method: GET",
                                                                   "Access-Control-Request-Headers: content-type"])
            XCTAssertEqual(preflight.status, 204, path)
            XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), origin, path)
            XCTAssertEqual(preflight.header("Access-Control-Allow-Methods"), methods, path)
            XCTAssertEqual(preflight.header("Access-Control-Allow-Headers"), "Authorization, Content-Type, If-None-Match", path)
            XCTAssertEqual(preflight.header("Access-Control-Max-Age"), "600", path)
            XCTAssertEqual(preflight.header("Vary"), "Origin", path)
            XCTAssertTrue(preflight.body.isEmpty, path)
        }
        // An OPTIONS that is no preflight is answered as before.
        XCTAssertEqual(try api.send("OPTIONS", "/search", headers: ["Origin: \(origin)"]).status, 405)
        XCTAssertEqual(try api.send("OPTIONS", "/search").status, 405)
    }

    func testACrossSiteWriteIsRefusedWith403AndChangesNothing() throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((api.get("/trending?limit=2").json?["data"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
        XCTAssertEqual(id.count, 2)
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(id[0])\"}").status, 201)
        XCTAssertEqual(try api.get("/search?q=cats&limit=1").status, 200)
        let evil = "Origin: http://evil.example"

        let add = try api.send("POST", "/favorites", json: "{\"id\":\"\(id[1])\"}", headers: [evil])
        XCTAssertEqual(add.status, 403)
        XCTAssertEqual(add.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(add.json?["code"] as? String, "origin_not_allowed")
        assertNoCORS(add)
        XCTAssertEqual(try api.send("DELETE", "/favorites/\(id[0])", headers: [evil]).json?["code"] as? String, "origin_not_allowed")
        XCTAssertEqual(try api.send("DELETE", "/search/history", headers: [evil]).status, 403)

        let favorites = try XCTUnwrap(api.get("/favorites").json?["data"] as? [[String: Any]])
        XCTAssertEqual(favorites.compactMap { $0["id"] as? String }, [id[0]])
        XCTAssertEqual((try api.get("/search/history").json?["data"] as? [Any])?.count, 1)
        // Reading from that origin is still answered (the browser, not the server, hides it).
        XCTAssertEqual(try api.send("GET", "/favorites", headers: [evil]).status, 200)
    }

    func testTheServersOwnPagesMayWriteThoughTheirOriginIsNotListed() throws {
        let policy = try CORSPolicy(parsing: "http://app.example:5173")
        let api = try APIHarness(self) { $0.corsOrigins = policy }
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        // request() sends Host: localhost, so this Origin is the server's own.
        let own = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}", headers: ["Origin: http://localhost"])
        XCTAssertEqual(own.status, 201)
        let other = try api.send("DELETE", "/favorites/\(id)", headers: ["Origin: http://localhost:5173"])
        XCTAssertEqual(other.status, 403)
    }

    func testAConfiguredListReplacesTheDefaultAndStarAllowsAny() throws {
        let list = try CORSPolicy(parsing: "http://app.example:5173, https://gifs.example")
        let listed = try APIHarness(self) { $0.corsOrigins = list }
        assertCORS(try listed.send("GET", "/healthz", headers: ["Origin: http://app.example:5173"]), origin: "http://app.example:5173")
        assertCORS(try listed.send("GET", "/healthz", headers: ["Origin: https://gifs.example"]), origin: "https://gifs.example")
        assertNoCORS(try listed.send("GET", "/healthz", headers: ["Origin: http://app.example:5174"]))
        assertNoCORS(try listed.send("GET", "/healthz", headers: ["Origin: http://localhost:5173"]))

        let star = try CORSPolicy(parsing: "*")
        let any = try APIHarness(self) { $0.corsOrigins = star }
        assertCORS(try any.send("GET", "/healthz", headers: ["Origin: http://evil.example"]), origin: "http://evil.example")
        XCTAssertEqual(try any.send("DELETE", "/search/history", headers: ["Origin: http://evil.example"]).status, 204)
    }

    func testAPostWhoseBodyIsNotJSONStays415() throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        // What a cross-site form or a no-cors fetch can send: never a JSON content type.
        for type in ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"] {
            for origin in ["http://localhost:5173", "http://evil.example"] {
                let post = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}", headers: ["Content-Type: \(type)", "Origin: \(origin)"])
                XCTAssertEqual(post.status, origin.contains("evil") ? 403 : 415, "\(type) from \(origin)")
            }
            XCTAssertEqual(try api.send("POST", "/favorites", json: "id=\(id)", headers: ["Content-Type: \(type)"]).json?["code"] as? String,
                           "unsupported_media_type", type)
        }
        XCTAssertEqual(try api.get("/favorites").json?["count"] as? Int, 0)
    }
}
