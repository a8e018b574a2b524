import API
import GiphyClient
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// Every route of the API, answered in memory: status, headers and body.
final class RouteTests: XCTestCase {
    func testHealthz() async throws {
        let answer = try await InMemoryAPI().get("/healthz")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.text, "{\"status\":\"ok\"}")
        XCTAssertEqual(answer.header("Cache-Control"), "no-store")
    }

    func testSearchPagesAndRecordsTheQuery() async throws {
        let api = InMemoryAPI()
        let answer = try await api.get("/search?q=+happy+cat+&limit=5&offset=10&rating=PG-13&lang=EN")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.header("Content-Type"), "application/json")
        XCTAssertEqual(answer.header("X-Cache"), "MISS")
        XCTAssertNil(answer.header("Age"))
        // The in-memory gateway keeps no cache: nothing is fresh for a client either (issue 35.1).
        XCTAssertEqual(answer.header("Cache-Control"), "no-cache")
        XCTAssertEqual(api.provider.lastSearch, SearchRequest(query: "happy cat", offset: 10, limit: 5, rating: "pg-13", lang: "en", compactRenditions: true, install: .local))
        let pagination = try XCTUnwrap(answer.json?["pagination"] as? [String: Any])
        XCTAssertEqual(pagination["next_offset"] as? Int, 15)
        XCTAssertEqual((answer.json?["data"] as? [Any])?.count, 5)
        let history = try await api.get("/search/history")
        XCTAssertEqual(history.status, 200)
        XCTAssertEqual(history.header("Cache-Control"), "no-cache")
        XCTAssertEqual((history.json?["data"] as? [[String: Any]])?.first?["query"] as? String, "happy cat")
        // Each entry: its query and when it was searched, as ISO 8601 in UTC, keys sorted.
        let searchedAt = try XCTUnwrap((history.json?["data"] as? [[String: Any]])?.first?["searched_at"] as? String)
        XCTAssertNotNil(try? Date(searchedAt, strategy: .iso8601), searchedAt)
        XCTAssertEqual(history.text, #"{"data":[{"query":"happy cat","searched_at":"\#(searchedAt)"}]}"#)
    }

    func testABlankSearchIsAnEmptyLastPageWithoutAnUpstreamCall() async throws {
        let api = InMemoryAPI()
        let answer = try await api.get("/search?q=%20%20&offset=3")
        // It says the provider that served it and the rating it was served at, as every GIF page
        // does (the memory backend's default, pg).
        XCTAssertEqual(answer.text, "{\"data\":[],\"pagination\":{\"count\":0,\"next_offset\":null,\"offset\":3,\"total_count\":0},\"provider\":\"giphy\",\"rating\":\"pg\"}")
        XCTAssertEqual(api.provider.calls, [])
    }

    func testTrendingUsesTheDefaults() async throws {
        let api = InMemoryAPI()
        let answer = try await api.get("/trending")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual((answer.json?["data"] as? [Any])?.count, Giphy.rules.defaultLimit)
        XCTAssertEqual(api.provider.calls, ["trending"])
    }

    func testGIFByIDIsWrittenWithSortedKeysAndMarkedNotFavorite() async throws {
        let answer = try await InMemoryAPI().get("/gif/id3")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.header("X-Cache"), "MISS")
        XCTAssertEqual(answer.text, "{\"attribution\":{\"text\":\"Powered by GIPHY\"},\"id\":\"id3\",\"images\":{\"original\":{\"height\":270,\"url\":\"https://media.giphy.com/media/id3/giphy.gif\","
            + "\"width\":480}},\"is_favorite\":false,\"provider\":\"giphy\",\"rating\":\"g\",\"share_text\":\"GIF id3 https://giphy.com/gifs/id3\","
            + "\"title\":\"GIF id3\",\"url\":\"https://giphy.com/gifs/id3\"}")
    }

    func testRandomIsNeverCached() async throws {
        let answer = try await InMemoryAPI().get("/random?tag=cats&rating=r")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.header("X-Cache"), "MISS")
        XCTAssertEqual(answer.header("Cache-Control"), "no-store")
        XCTAssertEqual(answer.json?["id"] as? String, "id0")
    }

    func testSpotlightIsPickedOnceThenServedAsAHit() async throws {
        let api = InMemoryAPI()
        let first = try await api.get("/spotlight")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("X-Cache"), "MISS")
        XCTAssertEqual(first.header("Cache-Control"), "no-cache")
        XCTAssertEqual((first.json?["gif"] as? [String: Any])?["id"] as? String, "id0")
        XCTAssertNotNil(first.json?["changes_at"] as? String)
        let second = try await api.get("/spotlight")
        XCTAssertEqual(second.header("X-Cache"), "HIT")
        XCTAssertEqual(api.provider.calls, ["random"])
    }

    func testFavoritesAddListRemove() async throws {
        let api = InMemoryAPI()
        let added = try await api.send(.post, "/favorites", json: "{\"id\":\"id4\"}")
        XCTAssertEqual(added.status, 201)
        XCTAssertEqual(added.json?["is_favorite"] as? Bool, true)
        XCTAssertNotNil(added.json?["added_at"] as? String)
        let again = try await api.send(.post, "/favorites", json: "{\"id\":\"id4\"}")
        XCTAssertEqual(again.status, 200, "adding twice changes nothing")
        let list = try await api.get("/favorites")
        XCTAssertEqual(list.header("Cache-Control"), "no-cache")
        XCTAssertEqual(list.json?["count"] as? Int, 1)
        XCTAssertEqual(list.json?["limit"] as? Int, Favorites.defaultLimit)
        let favoriteItem = try await api.get("/gif/id4")
        XCTAssertEqual(favoriteItem.json?["is_favorite"] as? Bool, true)
        let removed = try await api.send(.delete, "/favorites/id4")
        XCTAssertEqual(removed.status, 204)
        XCTAssertTrue(removed.body.isEmpty)
        let emptied = try await api.get("/favorites")
        XCTAssertEqual(emptied.json?["count"] as? Int, 0)
    }

    func testClearingTheHistory() async throws {
        let api = InMemoryAPI()
        _ = try await api.get("/search?q=cats")
        let cleared = try await api.send(.delete, "/search/history")
        XCTAssertEqual(cleared.status, 204)
        let history = try await api.get("/search/history")
        XCTAssertEqual((history.json?["data"] as? [Any])?.count, 0)
    }

    func testMetricsAndTheOpenAPIDocument() async throws {
        let api = InMemoryAPI()
        _ = try await api.get("/trending")
        let metrics = try await api.get("/metrics")
        XCTAssertEqual(metrics.status, 200)
        XCTAssertEqual(metrics.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertTrue(metrics.text.contains("gif_bff_upstream_calls_total{endpoint=\"trending\",outcome=\"ok\",provider=\"giphy\"} 1"), metrics.text)
        XCTAssertTrue(metrics.text.contains("gif_bff_cache_results_total{result=\"miss\",provider=\"giphy\"} 1"), metrics.text)
        XCTAssertTrue(metrics.text.contains("gif_bff_favorites 0"), metrics.text)
        let document = try await api.get("/openapi.yaml")
        XCTAssertEqual(document.status, 200)
        XCTAssertEqual(document.header("Content-Type"), "application/yaml")
        XCTAssertTrue(document.text.hasPrefix("openapi:"), String(document.text.prefix(40)))
    }
}
