import Gateway
import GiphyClient
import API
import Foundation
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// List answers are compact by default (what a grid and a detail screen draw); `renditions` picks
/// the renditions; /gif/{id} keeps everything. Cached pages are written once, and never show a
/// favorite that changed since.
final class CompactPageTests: XCTestCase {
    /// A GIF as GIPHY gives it to us: every rendition, an author with links, a creation date.
    /// The renditions GIPHY's mapping fills (the photos' names are Unsplash's).
    static let gifRenditionNames = ["downsized", "fixed_height", "fixed_width", "original", "original_still", "preview", "still"]

    private static func richItem(_ id: String) -> Item {
        var images = Renditions()
        for name in Self.gifRenditionNames {
            images[name] = Rendition(url: "https://media.giphy.com/media/\(id)/\(name).gif", width: 200, height: 150, size: 4096,
                                     mp4: "https://media.giphy.com/media/\(id)/\(name).mp4", webp: "https://media.giphy.com/media/\(id)/\(name).webp")
        }
        return Item(id: id, provider: .giphy, title: "Rich \(id)", rating: "g", url: "https://giphy.com/gifs/\(id)", shareURL: "https://gph.is/\(id)",
                   username: "maker", user: Author(displayName: "The Maker", username: "maker", avatarURL: "https://a/m.png", profileURL: "https://p/m"),
                   createdAt: Date(timeIntervalSince1970: 1_600_000_000), images: images, attribution: Giphy.attribution)
    }

    private func makeAPI(cached: Bool = false) -> InMemoryAPI {
        let provider = ScriptedProvider(items: (0..<30).map { Self.richItem("rich\($0)") })
        var settings = GatewaySettings()
        settings.cacheEnabled = cached
        return InMemoryAPI(provider: provider, backend: makeMemoryBackend(provider: provider, gateway: settings))
    }

    private func firstItem(_ answer: InMemoryAPI.Answer, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
        return try XCTUnwrap((answer.json?["data"] as? [[String: Any]])?.first, answer.text, file: file, line: line)
    }

    private func renditionNames(_ item: [String: Any]) -> [String] {
        ((item["images"] as? [String: Any])?.keys).map { Array($0).sorted() } ?? []
    }

    func testListItemsAreCompactByDefault() async throws {
        let api = makeAPI()
        _ = try await api.send(.post, "/favorites", json: #"{"id":"rich0"}"#)
        for target in ["/search?q=cat", "/trending", "/favorites"] {
            let item = try firstItem(try await api.get(target))
            var expected: Set<String> = ["attribution", "id", "images", "is_favorite", "provider", "share_text", "title", "url", "user"]
            if target == "/favorites" { expected.insert("added_at") }
            XCTAssertEqual(Set(item.keys), expected, target)
            XCTAssertEqual(renditionNames(item), ["fixed_width", "original", "still"], target)
            let fixedWidth = try XCTUnwrap((item["images"] as? [String: [String: Any]])?["fixed_width"])
            XCTAssertEqual(Set(fixedWidth.keys), ["url", "mp4", "webp", "width", "height"], target)
            let original = try XCTUnwrap((item["images"] as? [String: [String: Any]])?["original"])
            XCTAssertEqual(Set(original.keys), ["url", "width", "height"], "\(target): the original's GIF alone")
            XCTAssertEqual(item["user"] as? [String: String], ["display_name": "The Maker", "username": "maker"], target)
        }
    }

    func testASingleGIFKeepsEveryRenditionAndField() async throws {
        let item = try await makeAPI().get("/gif/rich1").json ?? [:]
        XCTAssertEqual(renditionNames(item), Self.gifRenditionNames)
        XCTAssertNotNil(item["created_at"])
        XCTAssertEqual((item["user"] as? [String: Any])?["avatar_url"] as? String, "https://a/m.png")
        XCTAssertEqual(((item["images"] as? [String: [String: Any]])?["original"])?["size"] as? Int, 4096)
        let chosen = try await makeAPI().get("/gif/rich1?renditions=preview")
        XCTAssertEqual(renditionNames(chosen.json ?? [:]), ["preview"])
    }

    func testRenditionsTakesAllOrAListOfNames() async throws {
        let api = makeAPI()
        _ = try await api.send(.post, "/favorites", json: #"{"id":"rich0"}"#)
        for target in ["/search?q=cat&", "/trending?", "/favorites?"] {
            let all = try await api.get(target + "renditions=all")
            XCTAssertEqual(renditionNames(try firstItem(all)), Self.gifRenditionNames, target)
            let two = try await api.get(target + "renditions=preview,downsized,preview")
            XCTAssertEqual(renditionNames(try firstItem(two)), ["downsized", "preview"], target)
            let one = try await api.get(target + "renditions=original")
            XCTAssertEqual(renditionNames(try firstItem(one)), ["original"], target)
        }
    }

    func testAnUnknownOrEmptyRenditionsIsInvalidParameter() async throws {
        let api = makeAPI()
        for target in ["/search?q=cat&renditions=huge", "/trending?renditions=still,nope", "/favorites?renditions=",
                       "/gif/rich1?renditions=all,still", "/trending?renditions=fixed_width,"] {
            let answer = try await api.get(target)
            assertProblem(answer, 400, "invalid_parameter")
            XCTAssertTrue(answer.problem?.detail.contains("renditions") == true, "\(target): \(answer.problem?.detail ?? "")")
        }
    }

    /// A cached page's bytes are reused while nothing changed, and made again when a favorite did.
    func testACachedPageNeverShowsARemovedFavoriteAsFavorite() async throws {
        let api = makeAPI(cached: true)
        let cold = try await api.get("/trending?limit=5")
        XCTAssertEqual(cold.header("X-Cache"), "MISS")
        let added = try await api.send(.post, "/favorites", json: #"{"id":"rich2"}"#)
        XCTAssertEqual(added.status, 201)
        for target in ["/trending?limit=5", "/favorites"] {
            let favored = try await api.get(target)
            XCTAssertEqual(Self.favoriteFlags(favored)["rich2"], true, target)
            let again = try await api.get(target)
            XCTAssertEqual(again.body, favored.body, "\(target): the kept bytes are sent again")
        }
        let removed = try await api.send(.delete, "/favorites/rich2")
        XCTAssertEqual(removed.status, 204)
        let unfavored = try await api.get("/trending?limit=5")
        XCTAssertEqual(unfavored.header("X-Cache"), "HIT")
        XCTAssertEqual(Self.favoriteFlags(unfavored)["rich2"], false)
        let favorites = try await api.get("/favorites")
        XCTAssertEqual((favorites.json?["data"] as? [Any])?.count, 0)
        let single = try await api.get("/gif/rich2")
        XCTAssertEqual(Self.favoriteFlags(single)["rich2"], false)
    }

    /// A cached GIF's bytes are kept per favorite mark and form: a hit sends them again, and an
    /// add or a remove is seen at once.
    func testACachedGIFIsKeptAndFollowsItsFavoriteMark() async throws {
        let api = makeAPI(cached: true)
        let cold = try await api.get("/gif/rich3")
        XCTAssertEqual(cold.header("X-Cache"), "MISS")
        let hit = try await api.get("/gif/rich3")
        XCTAssertEqual(hit.header("X-Cache"), "HIT")
        XCTAssertEqual(Self.favoriteFlags(hit)["rich3"], false)
        let again = try await api.get("/gif/rich3")
        XCTAssertEqual(again.body, hit.body)
        let added = try await api.send(.post, "/favorites", json: #"{"id":"rich3"}"#)
        XCTAssertEqual(added.status, 201)
        let favored = try await api.get("/gif/rich3")
        XCTAssertEqual(Self.favoriteFlags(favored)["rich3"], true)
        let compact = try await api.get("/gif/rich3?renditions=still")
        XCTAssertEqual(((compact.json?["images"] as? [String: Any])?.keys).map { Array($0) }, ["still"], "the form is part of the key")
        let removed = try await api.send(.delete, "/favorites/rich3")
        XCTAssertEqual(removed.status, 204)
        let unfavored = try await api.get("/gif/rich3")
        XCTAssertEqual(Self.favoriteFlags(unfavored)["rich3"], false)
    }

    private static func favoriteFlags(_ answer: InMemoryAPI.Answer) -> [String: Bool] {
        let items = (answer.json?["data"] as? [[String: Any]]) ?? answer.json.map { [$0] } ?? []
        var flags: [String: Bool] = [:]
        for item in items { if let id = item["id"] as? String { flags[id] = item["is_favorite"] as? Bool } }
        return flags
    }
}
