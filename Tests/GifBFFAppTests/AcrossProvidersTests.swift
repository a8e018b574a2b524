import Foundation
@testable import GifBFFApp
import HTTPServer
import TestSupport
import XCTest

/// Issue 46.5 through the running server: favorites, history, suggestions, random, the spotlight,
/// decks and /items/{id} work with items of every provider (GIPHY through its fake; KLIPY,
/// Unsplash and Pexels from their demo catalogs).
final class AcrossProvidersTests: XCTestCase {
    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    private func firstID(_ api: APIHarness, _ target: String) throws -> String {
        let page = try json(try api.get(target))
        return try XCTUnwrap((page["data"] as? [[String: Any]])?.first?["id"] as? String, "\(target): \(page)")
    }

    func testFavoritesAndItemsHoldEveryProvidersItems() throws {
        let api = try APIHarness(self)
        let ids = [try firstID(api, "/search?q=cat&provider=giphy"), try firstID(api, "/search?q=cat&provider=klipy"),
                   try firstID(api, "/search?q=mountain&provider=unsplash"), try firstID(api, "/search?q=mountain&provider=pexels")]
        XCTAssertEqual(ids.map { $0.split(separator: ":").first.map(String.init) ?? "" }.dropFirst(), ["klipy", "unsplash", "pexels"])
        for id in ids {
            XCTAssertEqual(try api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#).status, 201, id)
            let item = try json(try api.get("/items/\(id)"))
            XCTAssertEqual(item["id"] as? String, id)
            XCTAssertEqual(item["is_favorite"] as? Bool, true, id)
        }
        let listed = try XCTUnwrap(try json(try api.get("/favorites"))["data"] as? [[String: Any]])
        XCTAssertEqual(listed.compactMap { $0["id"] as? String }, ids.reversed(), "newest first, every provider")
        let marked = try XCTUnwrap(try json(try api.get("/search?q=cat&provider=klipy"))["data"] as? [[String: Any]])
        XCTAssertEqual(marked.first?["is_favorite"] as? Bool, true, "marked in KLIPY's pages too")
        XCTAssertEqual(try api.send("DELETE", "/favorites/\(ids[1])").status, 204)
        XCTAssertEqual(try api.get("/items/klipy:nonexistent-1").status, 404)
    }

    func testHistorySuggestionsRandomSpotlightAndDecksOverEveryKind() throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.get("/search?q=sunset+beach&kind=photos").status, 200)
        XCTAssertEqual(try api.get("/search?q=sleepy+cat&provider=klipy").status, 200)
        let history = try XCTUnwrap(try json(try api.get("/search/history"))["data"] as? [[String: Any]])
        XCTAssertEqual(history.prefix(2).compactMap { $0["query"] as? String }, ["sleepy cat", "sunset beach"])
        let suggested = try XCTUnwrap(try json(try api.get("/search/suggestions?q=sun"))["data"] as? [[String: Any]])
        XCTAssertEqual(suggested.first?["query"] as? String, "sunset beach", "a photo search is suggested from the history")
        for (target, providers) in [("/random?kind=photos", ["unsplash", "pexels"]), ("/random?provider=klipy", ["klipy"]),
                                    ("/spotlight?provider=pexels", ["pexels"]), ("/spotlight?kind=gifs", ["giphy"])] {
            let answer = try json(try api.get(target))
            let item = (answer["gif"] as? [String: Any]) ?? answer
            XCTAssertTrue(providers.contains(item["provider"] as? String ?? ""), "\(target): \(answer)")
        }
        let deck = try api.get("/random/deck?count=5")
        XCTAssertEqual(deck.status, 200, deck.text)
    }
}
