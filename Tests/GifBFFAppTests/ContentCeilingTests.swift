import FakeGiphy
import FakeUnsplash
import FakeUpstream
import Foundation
@testable import GifBFFApp
import GiphyCatalog
import HTTPServer
import Model
import Storage
import TestSupport
import XCTest

/// Issue 33 item 2 through the real server and the fake GIPHY: `GIF_BFF_MAX_RATING`, a content
/// ceiling no request can raise. The ceiling is pg here: the fake's catalog rates most GIFs g,
/// and some pg, pg-13 and r.
final class ContentCeilingTests: XCTestCase {
    private func underPG(fake: FakeGiphy? = nil, folder: URL? = nil) throws -> APIHarness {
        try APIHarness(self, fake: fake, folder: folder) { $0.maxRating = .pg }
    }

    /// The `rating` of the latest call the fake received on `path`.
    private func ratingSent(_ api: APIHarness, path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let call = try XCTUnwrap(api.fake.recordedCalls.last { $0.path == path }, "no call to \(path)", file: file, line: line)
        return call.value(of: "rating")
    }

    /// Above pg, as the fake's catalog rates it.
    private func isAbovePG(_ api: APIHarness, _ id: String) -> Bool {
        !["g", "pg"].contains(api.fake.catalog.gif(id: id)?.rating ?? "unknown")
    }

    private func ids(_ response: RawClient.Response, _ member: String = "data", file: StaticString = #filePath,
                     line: UInt = #line) throws -> [String] {
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        let items = try XCTUnwrap(response.json?[member] as? [[String: Any]], response.text, file: file, line: line)
        return items.compactMap { $0["id"] as? String }
    }

    /// A body as the fake GIPHY answers `target` (its own rating filter is left out when the
    /// target names none), asked directly, so a test can serve it where another rating was asked.
    private func upstreamBody(_ api: APIHarness, _ target: String) throws -> String {
        let port = try XCTUnwrap(api.fake.baseURL?.port.flatMap { UInt16(exactly: $0) })
        let client = try RawClient(port: port, timeout: 10)
        let separator = target.contains("?") ? "&" : "?"
        try client.send(request("GET", target + separator + "api_key=" + APIHarness.secretKey))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200, response.text)
        return response.text
    }

    func testARatingAboveTheCeilingReachesGiphyAtTheCeilingAndTheAnswerSaysSo() throws {
        let api = try underPG()
        let search = try api.get("/search?q=cat&rating=r")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/search"), "pg")
        XCTAssertEqual(search.json?["rating"] as? String, "pg", search.text)
        XCTAssertFalse(try ids(search).contains { isAbovePG(api, $0) })
        let trending = try api.get("/trending?rating=pg-13")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/trending"), "pg")
        XCTAssertEqual(trending.json?["rating"] as? String, "pg", trending.text)
        let stickers = try api.get("/search?q=cat&type=stickers&rating=R")
        XCTAssertEqual(try ratingSent(api, path: "/v1/stickers/search"), "pg")
        XCTAssertEqual(stickers.json?["rating"] as? String, "pg", stickers.text)
        let stickerTrending = try api.get("/trending?type=stickers&rating=r")
        XCTAssertEqual(try ratingSent(api, path: "/v1/stickers/trending"), "pg")
        XCTAssertEqual(stickerTrending.json?["rating"] as? String, "pg", stickerTrending.text)
        // Within the ceiling, what was asked (or the default, g) is what is sent and said.
        let mild = try api.get("/search?q=dog&rating=g")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/search"), "g")
        XCTAssertEqual(mild.json?["rating"] as? String, "g", mild.text)
        let unnamed = try api.get("/search?q=bird")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/search"), "g")
        XCTAssertEqual(unnamed.json?["rating"] as? String, "g", unnamed.text)
    }

    /// An answer cached under no ceiling (rating r) is never served once the ceiling is pg: the
    /// request is asked at pg, whose answer is cached apart.
    func testAnAnswerCachedAboveTheCeilingIsNotServed() async throws {
        let before = try APIHarness(self)
        let open = try before.get("/search?q=cat&rating=r")
        XCTAssertEqual(open.json?["rating"] as? String, "r", open.text)
        XCTAssertTrue(try ids(open).contains { isAbovePG(before, $0) }, "the uncapped page holds GIFs above pg")
        await before.flushWrites()
        await before.stopApp()
        let calls = before.fake.callCount(path: "/v1/gifs/search")
        let api = try underPG(fake: before.fake, folder: before.folder)
        let capped = try api.get("/search?q=cat&rating=r")
        XCTAssertEqual(capped.header("X-Cache"), "MISS", "the r answer in the cache was served")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), calls + 1)
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/search"), "pg")
        XCTAssertFalse(try ids(capped).contains { isAbovePG(api, $0) })
    }

    func testRandomAndDecksAskAtTheCeiling() throws {
        let api = try underPG()
        let random = try api.get("/random?rating=r")
        XCTAssertEqual(random.status, 200, random.text)
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/random"), "pg")
        _ = try api.get("/random?type=stickers&rating=pg-13")
        XCTAssertEqual(try ratingSent(api, path: "/v1/stickers/random"), "pg")
        let deck = try api.get("/random/deck?tag=cat&rating=r")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/search"), "pg")
        XCTAssertEqual(deck.json?["rating"] as? String, "pg", deck.text)
        XCTAssertFalse(try ids(deck).contains { isAbovePG(api, $0) })
        let trendingDeck = try api.get("/random/deck?rating=r")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/trending"), "pg")
        XCTAssertEqual(trendingDeck.json?["rating"] as? String, "pg", trendingDeck.text)
    }

    /// GIPHY may send GIFs rated above what was asked: a page leaves them out (its paging goes on
    /// past them), and so does a deck drawn from such pages.
    func testItemsRatedAboveTheCeilingInAnUpstreamPageAreLeftOut() throws {
        let api = try underPG()
        let body = try upstreamBody(api, "/v1/gifs/search?q=cat&limit=24")
        api.fake.inject(.response(status: 200, contentType: "application/json", body: body), path: "/v1/gifs/search")
        let page = try api.get("/search?q=cat&rating=r")
        let served = try ids(page)
        XCTAssertFalse(served.isEmpty, page.text)
        XCTAssertFalse(served.contains { isAbovePG(api, $0) }, "a GIF above pg was served")
        let upstream = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let sent = try XCTUnwrap(upstream["data"] as? [[String: Any]]).map { ($0["id"] as? String ?? "", $0["rating"] as? String ?? "") }
        XCTAssertTrue(sent.contains { !["g", "pg"].contains($0.1) }, "the upstream page holds GIFs above pg")
        var seen = Set<String>()
        XCTAssertEqual(served, sent.filter { ["g", "pg"].contains($0.1) && seen.insert($0.0).inserted }.map(\.0),
                       "the others are served, in order")
        let pagination = try XCTUnwrap(page.json?["pagination"] as? [String: Any])
        XCTAssertEqual(pagination["next_offset"] as? Int, 24, "paging goes on past what was left out")

        api.fake.inject(.response(status: 200, contentType: "application/json", body: body), lifetime: .sticky, path: "/v1/gifs/search")
        let deck = try api.get("/random/deck?tag=dog&count=25")
        XCTAssertFalse(try ids(deck).contains { isAbovePG(api, $0) }, "a deck served a GIF above pg")
        api.fake.clearFaults()
    }

    /// A GIF above the ceiling does not exist here: its detail, adding it as a favorite and saving
    /// it are 404 gif_not_found, and a random pick or a spotlight rated above it is not shown.
    func testAnItemAboveTheCeilingIsNotFoundByIdRandomOrSpotlight() throws {
        let api = try underPG()
        let above = try XCTUnwrap(api.fake.catalog.gifs.first { $0.rating == "r" })
        let within = try XCTUnwrap(api.fake.catalog.gifs.first { $0.rating == "pg" })
        for target in ["/gif/\(above.id)", "/items/\(above.id)"] {
            let detail = try api.get(target)
            XCTAssertEqual(detail.status, 404, detail.text)
            XCTAssertEqual(detail.json?["code"] as? String, "gif_not_found")
            XCTAssertTrue((detail.json?["detail"] as? String)?.contains("content ceiling (pg)") == true, detail.text)
        }
        XCTAssertEqual(try api.get("/gif/\(within.id)").status, 200)
        let favorite = try api.send("POST", "/favorites", json: "{\"id\":\"\(above.id)\"}")
        XCTAssertEqual(favorite.status, 404, favorite.text)
        XCTAssertEqual(favorite.json?["code"] as? String, "gif_not_found")
        XCTAssertEqual(try ids(try api.get("/favorites")), [], "nothing was added")
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(within.id)\"}").status, 201)
        let download = try api.send("POST", "/items/\(above.id)/download")
        XCTAssertEqual(download.status, 404, download.text)

        let aboveBody = try upstreamBody(api, "/v1/gifs/\(above.id)")
        api.fake.inject(.response(status: 200, contentType: "application/json", body: aboveBody), path: "/v1/gifs/random")
        let random = try api.get("/random?rating=r")
        XCTAssertEqual(random.status, 404, random.text)
        XCTAssertEqual(random.json?["code"] as? String, "gif_not_found")
        api.fake.inject(.response(status: 200, contentType: "application/json", body: aboveBody), path: "/v1/gifs/random")
        let spotlight = try api.get("/spotlight")
        XCTAssertEqual(spotlight.status, 404, "the spotlight showed a GIF above the ceiling: \(spotlight.text)")
        XCTAssertEqual(try ratingSent(api, path: "/v1/gifs/random"), "g", "the spotlight asks at the default, within the ceiling")
        let next = try api.get("/spotlight")
        XCTAssertEqual(next.status, 200, "with no pick shown, the next request picks again: \(next.text)")
        let picked = try XCTUnwrap((next.json?["gif"] as? [String: Any])?["id"] as? String)
        XCTAssertFalse(isAbovePG(api, picked))
    }

    /// Issue 44 item 7: a favorite saved before the ceiling was lowered keeps its snapshot, and
    /// that snapshot obeys the ceiling on every route, in demo mode as the issue found it. Under
    /// g, an r-rated favorite is not saved (its download was 200 with the original's URL), not
    /// listed, not answered when added again, not found by id, and its demo pictures are not
    /// drawn; it stays stored and counted, and can be removed by its id.
    func testAFavoriteRatedAboveALoweredCeilingIsServedByNoRoute() async throws {
        let demo: (inout Configuration) -> Void = { $0.giphyAPIKey = nil }
        let before = try APIHarness(self, favoritesLimit: 3, configure: demo)
        let above = try XCTUnwrap(before.fake.catalog.gifs.first { $0.rating == "r" }).id
        let within = try XCTUnwrap(before.fake.catalog.gifs.first { $0.rating == "g" }).id
        let another = try XCTUnwrap(before.fake.catalog.gifs.last { $0.rating == "g" && $0.id != within }).id
        var pictures: [String] = []
        for id in [above, within] {
            let added = try before.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
            XCTAssertEqual(added.status, 201, added.text)
            let images = try XCTUnwrap(added.json?["images"] as? [String: [String: Any]], added.text)
            if id == above { pictures = images.values.compactMap { $0["url"] as? String } }
        }
        XCTAssertFalse(pictures.isEmpty)
        XCTAssertEqual(try before.send("POST", "/items/\(above)/download").status, 200, "saved while there is no ceiling")
        await before.flushWrites()
        await before.stopApp()

        let api = try APIHarness(self, favoritesLimit: 3, fake: before.fake, folder: before.folder) { configuration in
            demo(&configuration)
            configuration.maxRating = .g
        }
        let download = try api.send("POST", "/items/\(above)/download")
        XCTAssertEqual(download.status, 404, "the favorite's snapshot was saved above the ceiling: \(download.text)")
        XCTAssertEqual(download.json?["code"] as? String, "gif_not_found")
        XCTAssertTrue((download.json?["detail"] as? String)?.contains("content ceiling (g)") == true, download.text)
        XCTAssertEqual(try api.send("POST", "/items/\(within)/download").status, 200, "a favorite within the ceiling is saved")

        let list = try api.get("/favorites")
        XCTAssertEqual(try ids(list), [within], "the list served a favorite above the ceiling: \(list.text)")
        XCTAssertEqual(list.json?["count"] as? Int, 1, list.text)
        XCTAssertFalse(list.text.contains(above), "nothing of it is in the list")
        let again = try api.send("POST", "/favorites", json: "{\"id\":\"\(above)\"}")
        XCTAssertEqual(again.status, 404, "adding it again answered its stored snapshot: \(again.text)")
        XCTAssertEqual(again.json?["code"] as? String, "gif_not_found")
        for target in ["/gif/\(above)", "/items/\(above)"] {
            XCTAssertEqual(try api.get(target).status, 404, target)
        }
        for link in pictures {
            let path = try XCTUnwrap(URL(string: link)?.path, link)
            let picture = try api.get(path)
            XCTAssertEqual(picture.status, 404, "a picture of a GIF above the ceiling was drawn: \(path)")
            XCTAssertEqual(picture.json?["code"] as? String, "media_not_found", path)
        }
        let mild = try XCTUnwrap((try api.get("/gif/\(within)").json?["images"] as? [String: [String: Any]])?["original"]?["url"] as? String)
        XCTAssertEqual(try api.get(try XCTUnwrap(URL(string: mild)?.path)).status, 200, "a picture within the ceiling is drawn")

        // Still stored and counted: the cap of 3 is reached with one more, and the refusal says why.
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(another)\"}").status, 201)
        let full = try api.send("POST", "/favorites", json: "{\"id\":\"\(try XCTUnwrap(api.fake.catalog.gifs.first { $0.rating == "g" && ![within, another].contains($0.id) }).id)\"}")
        XCTAssertEqual(full.status, 409, full.text)
        XCTAssertEqual(full.json?["code"] as? String, "favorites_full")
        XCTAssertTrue((full.json?["detail"] as? String)?.contains("1 of them is rated above this server's content ceiling") == true, full.text)
        XCTAssertEqual(try api.send("DELETE", "/favorites/\(above)").status, 204, "removed by its id")
        XCTAssertEqual(try ids(try api.get("/favorites")), [another, within])
        XCTAssertEqual(try api.send("POST", "/items/\(above)/download").status, 404, "no longer a favorite, and still above the ceiling")
    }

    /// Unsplash rates no photo: below r, the ceiling asks its search and random pick for
    /// `content_filter=high`; with no ceiling nothing is sent (Unsplash's default, low). A page
    /// of photos says no rating.
    func testUnsplashIsAskedForItsStrictContentFilterUnderACeiling() async throws {
        let photos = FakeUnsplash(accessKey: TwoProvidersTests.photoKey, hourlyLimit: 1_000)
        let photosURL = try photos.start()
        addTeardownBlock { await photos.stop() }
        for ceiling in [Rating.pg, .r] {
            let api = try APIHarness(self) { configuration in
                configuration.maxRating = ceiling
                configuration.unsplashAccessKey = TwoProvidersTests.photoKey
                configuration.unsplashBaseURL = photosURL.absoluteString
            }
            let expected = ceiling == .r ? nil : "high"
            let page = try api.get("/search?q=city&provider=unsplash&rating=r")
            XCTAssertEqual(page.status, 200, page.text)
            XCTAssertNil(page.json?["rating"], "photos are not rated: \(page.text.prefix(200))")
            XCTAssertEqual(photos.recordedCalls.last { $0.path == "/search/photos" }?.value(of: "content_filter"), expected, "\(ceiling)")
            XCTAssertEqual(try api.get("/random?provider=unsplash").status, 200)
            XCTAssertEqual(photos.recordedCalls.last { $0.path == "/photos/random" }?.value(of: "content_filter"), expected, "\(ceiling)")
            XCTAssertEqual(try api.get("/spotlight?provider=unsplash&tag=sea").status, 200)
            XCTAssertEqual(photos.recordedCalls.last { $0.path == "/photos/random" }?.value(of: "content_filter"), expected,
                           "the spotlight, \(ceiling)")
            await api.stop()
        }
    }

    /// A default rating above the ceiling contradicts it: start-up stops before opening anything,
    /// naming both (the executable's exit status 2 is ExecutableTests').
    func testADefaultRatingAboveTheCeilingStopsStartUp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-ceiling-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        var configuration = Configuration()
        configuration.server.host = "127.0.0.1"
        configuration.server.port = 0
        configuration.defaultRating = .r
        configuration.maxRating = .pg
        configuration.databasePath = folder.appendingPathComponent("never.sqlite3").path
        do {
            let app = try RunningApp.start(configuration, logger: Logger(level: .off, sink: LogSink.capturing()),
                                           databaseOptions: AppDatabase.serverOptions)
            await app.shutdown()
            XCTFail("started with a default rating above the ceiling")
        } catch {
            let message = String(describing: error)
            XCTAssertTrue(message.contains("GIF_BFF_DEFAULT_RATING (--default-rating)"), message)
            XCTAssertTrue(message.contains("GIF_BFF_MAX_RATING (--max-rating)"), message)
            XCTAssertTrue(error is ConfigurationError, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: configuration.databasePath), "nothing is opened")
        // Equal is no contradiction; the flag is read like every rating (any case).
        let (read, _) = try ConfigurationLoader.load(arguments: ["--max-rating", "PG"], environment: ["GIF_BFF_DEFAULT_RATING": "pg"])
        XCTAssertEqual(read.maxRating, .pg)
        XCTAssertEqual(Configuration().maxRating, .r, "no ceiling by default")
    }
}
