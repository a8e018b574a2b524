import API
import Foundation
@testable import GifBFFApp
import TestSupport
import XCTest

/// Issue 20: in demo mode every media link of an answer loads from gif-bff itself, at the size the
/// answer states, from wherever the client reached the server; with a real key the links stay the
/// provider's and the route has nothing.
final class DemoMediaRouteTests: XCTestCase {
    private func demo(_ configure: @escaping (inout Configuration) -> Void = { _ in }) throws -> APIHarness {
        try APIHarness(self) { configuration in
            configuration.giphyAPIKey = nil
            configure(&configuration)
        }
    }

    /// A request as a client at `host` sends it, on a fresh connection.
    private func get(_ api: APIHarness, _ target: String, host: String, headers: [String] = []) throws -> RawClient.Response {
        let client = try RawClient(port: api.app.port, timeout: 10)
        try client.send("GET \(target) HTTP/1.1\r\nHost: \(host)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return try client.readResponse()
    }

    /// Every (link, stated width, stated height, animated?) of an item's renditions and avatar.
    /// In demo mode (`demo`), no rendition links an mp4 or a webp: none is drawn.
    private func links(of item: [String: Any], demo: Bool = true) -> [(String, Int?, Int?, Bool)] {
        var found: [(String, Int?, Int?, Bool)] = []
        for (name, value) in item["images"] as? [String: [String: Any]] ?? [:] {
            guard let url = value["url"] as? String else { continue }
            let photo = (item["provider"] as? String) == "unsplash"
            found.append((url, value["width"] as? Int, value["height"] as? Int, !photo && name != "still" && !name.hasSuffix("_still")))
            if demo {
                XCTAssertNil(value["mp4"], "no mp4 is drawn, so none is linked: \(name)")
                XCTAssertNil(value["webp"], "no webp is drawn, so none is linked: \(name)")
            }
        }
        if let avatar = (item["user"] as? [String: Any])?["avatar_url"] as? String { found.append((avatar, nil, nil, false)) }
        return found
    }

    func testEveryLinkOfADemoAnswerLoadsAtTheSizeItStates() throws {
        let api = try demo()
        var items: [[String: Any]] = []
        for target in ["/search?q=cat&renditions=all&limit=4", "/search?q=mountain&provider=unsplash&renditions=all&limit=3"] {
            items += try XCTUnwrap(api.get(target).json?["data"] as? [[String: Any]], target)
        }
        let first = try XCTUnwrap(items.first?["id"] as? String)
        items.append(try XCTUnwrap(api.get("/gif/\(first)").json))
        var checked = 0
        for item in items {
            for (link, width, height, animated) in links(of: item) {
                XCTAssertTrue(link.hasPrefix("http://localhost/media/"), link)
                let response = try api.get(String(link.dropFirst("http://localhost".count)))
                XCTAssertEqual(response.status, 200, link)
                XCTAssertTrue(response.header("Content-Type")?.hasPrefix("image/") ?? false, link)
                let facts = try XCTUnwrap(ImageFacts.read(response.body), link)
                if let width, let height { XCTAssertEqual("\(facts.width)x\(facts.height)", "\(width)x\(height)", link) }
                if animated {
                    XCTAssertGreaterThanOrEqual(facts.frames, 4, link)
                    XCTAssertTrue(facts.loops, link)
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40, "every rendition of 8 items, and avatars")
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_demo_media_cache_pictures "), metrics)
        XCTAssertFalse(metrics.contains("gif_bff_demo_media_cache_bytes 0\n"), "what was drawn is kept")
    }

    func testLinksFollowTheHostTheClientUsedAndACachedAnswerFollowsAChange() throws {
        let api = try demo()
        let port = api.app.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "127.0.0.1:\(port)"] {
            let page = try get(api, "/search?q=dogs&limit=2", host: host)
            let data = try XCTUnwrap(page.json?["data"] as? [[String: Any]])
            let link = try XCTUnwrap(links(of: data[0]).first?.0)
            XCTAssertTrue(link.hasPrefix("http://\(host)/media/giphy/"), "\(host): \(link)")
        }
        let again = try get(api, "/search?q=dogs&limit=2", host: "localhost:\(port)")
        XCTAssertEqual(again.header("X-Cache"), "HIT", "the same cached answer, written for this host")
    }

    func testAPublicURLIsWhatLinksStartWith() throws {
        let api = try demo { $0.publicURL = "https://gifs.example.com" }
        let page = try XCTUnwrap(api.get("/search?q=cat&limit=1").json?["data"] as? [[String: Any]])
        let link = try XCTUnwrap(links(of: page[0]).first?.0)
        XCTAssertTrue(link.hasPrefix("https://gifs.example.com/media/giphy/"), link)
        let saved = try api.send("POST", "/items/\(try XCTUnwrap(page[0]["id"] as? String))/download")
        XCTAssertTrue((saved.json?["url"] as? String)?.hasPrefix("https://gifs.example.com/media/giphy/") ?? false, saved.text)
    }

    func testAPictureIsTheSameBytesCachedForAYearAndLoadsFromAnyOrigin() throws {
        let api = try demo()
        let page = try XCTUnwrap(api.get("/search?q=mountain&provider=unsplash&limit=1").json?["data"] as? [[String: Any]])
        let link = try XCTUnwrap(links(of: page[0]).first?.0)
        let path = String(link.dropFirst("http://localhost".count))
        let first = try api.send("GET", path, headers: ["Origin: http://localhost:3000"])
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("Cache-Control"), "public, max-age=31536000, immutable")
        XCTAssertEqual(first.header("Cross-Origin-Resource-Policy"), "cross-origin")
        XCTAssertEqual(first.header("Access-Control-Allow-Origin"), "http://localhost:3000")
        let tag = try XCTUnwrap(first.header("ETag"))
        XCTAssertEqual(try api.get(path).body, first.body)
        let revalidated = try api.send("GET", path, headers: ["If-None-Match: \(tag)"])
        XCTAssertEqual(revalidated.status, 304)
        XCTAssertTrue(revalidated.body.isEmpty)
    }

    func testBadMediaPathsAreProblemsNotPictures() throws {
        let api = try demo()
        let photo = try XCTUnwrap((api.get("/search?q=mountain&provider=unsplash&limit=1").json?["data"] as? [[String: Any]])?
            .first?["id"] as? String).dropFirst("unsplash:".count)
        for (path, status, code) in [("/media/giphy/NoSuchGif/original.gif", 404, "media_not_found"),
                                     ("/media/unsplash/\(photo)/nope", 404, "media_not_found"),
                                     ("/media/tenor/x/original.gif", 404, "media_not_found"),
                                     ("/media/unsplash/\(photo)/photo?w=0", 400, "invalid_parameter"),
                                     ("/media/unsplash/\(photo)/photo?w=wide", 400, "invalid_parameter"),
                                     ("/media/unsplash/\(photo)/photo?w=100000", 400, "invalid_parameter")] {
            let response = try api.get(path)
            XCTAssertEqual(response.status, status, path)
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json", path)
            XCTAssertEqual(response.json?["code"] as? String, code, path)
        }
    }

    func testWithARealKeyLinksStayTheProvidersAndTheRouteHasNoneOfItsMedia() throws {
        let api = try APIHarness(self)  // GIPHY with a key (its fake as the real service)
        let page = try XCTUnwrap(api.get("/search?q=cat&limit=1").json?["data"] as? [[String: Any]])
        let link = try XCTUnwrap(links(of: page[0], demo: false).first?.0)
        XCTAssertTrue(link.hasPrefix("https://media"), "GIPHY's own link, unchanged: \(link)")
        let id = try XCTUnwrap(page[0]["id"] as? String)
        let response = try api.get("/media/giphy/\(id)/original.gif")
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.json?["code"] as? String, "media_not_found")
    }
}
