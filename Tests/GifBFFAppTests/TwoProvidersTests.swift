import FakeGiphy
import FakeUnsplash
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import HTTPServer
import KlipyClient
import PexelsClient
import Synchronization
import TestSupport
import UnsplashClient
import XCTest

/// Issue 12, end to end: GIPHY and Unsplash side by side in one running server, each through its
/// real client to its fake on loopback. Search both, favorite one of each, list, save, a
/// spotlight per provider, a stale answer when Unsplash is down, and neither key ever shown.
final class TwoProvidersTests: XCTestCase {
    static let photoKey = "SECRET-unsplash-key-5d1e90"

    private func start(fresh: Double = 60) throws -> (APIHarness, FakeUnsplash) {
        let photos = FakeUnsplash(accessKey: Self.photoKey, hourlyLimit: 1_000)
        let photosURL = try photos.start()
        addTeardownBlock { await photos.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.unsplashAccessKey = Self.photoKey
            configuration.unsplashBaseURL = photosURL.absoluteString
            configuration.appName = "photo-app"
            configuration.gateway.freshSeconds = fresh
        }
        return (api, photos)
    }

    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    private func items(_ response: RawClient.Response) throws -> [[String: Any]] {
        try XCTUnwrap(try json(response)["data"] as? [[String: Any]], response.text)
    }

    func testBothProvidersInOneServer() async throws {
        let (api, photos) = try start()
        let gifs = try items(try api.get("/search?q=cat&limit=5"))
        let pictures = try items(try api.get("/search?q=cat&provider=unsplash&limit=5"))
        XCTAssertEqual(gifs.count, 5)
        XCTAssertEqual(pictures.count, 5)
        XCTAssertTrue(gifs.allSatisfy { $0["provider"] as? String == "giphy" })
        XCTAssertTrue(pictures.allSatisfy { $0["provider"] as? String == "unsplash" && ($0["id"] as? String)?.hasPrefix("unsplash:") == true })
        let attribution = try XCTUnwrap(pictures.first?["attribution"] as? [String: String])
        XCTAssertTrue(attribution["text"]?.hasPrefix("Photo by ") == true && attribution["text"]?.hasSuffix(" on Unsplash") == true)
        XCTAssertTrue(attribution["author_url"]?.contains("utm_source=photo-app&utm_medium=referral") == true, "\(attribution)")
        XCTAssertEqual(attribution["provider_url"], "https://unsplash.com/?utm_source=photo-app&utm_medium=referral")

        let itemID = try XCTUnwrap(gifs.first?["id"] as? String)
        let photoID = try XCTUnwrap(pictures.first?["id"] as? String)
        XCTAssertEqual(try api.send("POST", "/favorites", json: #"{"id":"\#(itemID)"}"#).status, 201)
        XCTAssertEqual(try api.send("POST", "/favorites", json: #"{"id":"\#(photoID)"}"#).status, 201)
        let favorites = try items(try api.get("/favorites"))
        XCTAssertEqual(favorites.compactMap { $0["id"] as? String }, [photoID, itemID], "newest first, one of each")

        let detail = try json(try api.get("/items/\(photoID)"))
        XCTAssertEqual(detail["is_favorite"] as? Bool, true)
        XCTAssertNotNil((detail["images"] as? [String: Any])?["raw"])
        XCTAssertNotNil(detail["width"])

        let upstreamID = String(photoID.dropFirst("unsplash:".count))
        let saved = try api.send("POST", "/items/\(photoID)/download")
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertTrue((try json(saved)["url"] as? String)?.hasPrefix("https://images.unsplash.com/") == true, saved.text)
        XCTAssertEqual(photos.downloadCount(id: upstreamID), 1, "the download is tracked once, with the key")
        let giphyCalls = api.fake.callCount()
        XCTAssertEqual(try api.send("POST", "/items/\(itemID)/download").status, 200)
        XCTAssertEqual(api.fake.callCount(), giphyCalls, "saving a GIF calls no one")

        let gifSpotlight = try json(try api.get("/spotlight"))
        let photoSpotlight = try json(try api.get("/spotlight?provider=unsplash"))
        XCTAssertEqual((gifSpotlight["gif"] as? [String: Any])?["provider"] as? String, "giphy")
        XCTAssertEqual((photoSpotlight["gif"] as? [String: Any])?["provider"] as? String, "unsplash")

        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"gif_bff_upstream_calls_total{endpoint="download",outcome="ok",provider="unsplash"} 1"#), metrics)

        for response in api.responses.withLock({ $0 }) {
            XCTAssertFalse(response.text.contains(Self.photoKey) || response.text.contains(APIHarness.secretKey))
        }
        XCTAssertFalse(api.logSink.capturedText.contains(Self.photoKey))
    }

    func testAStaleAnswerWhenUnsplashIsDownAndItsErrorsNamedForIt() async throws {
        let (api, photos) = try start(fresh: 0)
        let first = try api.get("/trending?provider=unsplash&limit=10")
        XCTAssertEqual(first.status, 200, first.text)
        await api.flushWrites()
        photos.inject(.status(503, errors: ["Service Unavailable"]), lifetime: .sticky)
        let stale = try api.get("/trending?provider=unsplash&limit=10")
        XCTAssertEqual(stale.status, 200, stale.text)
        XCTAssertEqual(try json(stale)["stale"] as? Bool, true)
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        let failed = try api.get("/search?q=never-asked-before&provider=unsplash")
        XCTAssertEqual(failed.status, 502, failed.text)
        XCTAssertTrue(failed.text.contains("Unsplash failed to answer (HTTP 503)"), failed.text)
        XCTAssertTrue(api.logSink.capturedText.contains("Service Unavailable"), "Unsplash's own message is logged")
        XCTAssertEqual(try api.get("/search?q=cat").status, 200, "GIPHY is not affected")
        XCTAssertFalse(api.logSink.capturedText.contains(Self.photoKey))
    }

    /// A photo favorited in demo mode keeps its download location in its snapshot; saving it
    /// after a restart still tracks the download (the demo takes it in-process).
    func testADemoPhotoFavoritedBeforeARestartIsTrackedWhenSavedAfterIt() async throws {
        let first = try APIHarness(self)
        let photoID = try XCTUnwrap(try items(try first.get("/search?q=mountain&provider=unsplash&limit=1")).first?["id"] as? String)
        XCTAssertEqual(try first.send("POST", "/favorites", json: #"{"id":"\#(photoID)"}"#).status, 201)
        await first.stopApp()
        let second = try APIHarness(self, fake: first.fake, folder: first.folder)
        let saved = try second.send("POST", "/items/\(photoID)/download")
        XCTAssertEqual(saved.status, 200, saved.text)
        let metrics = try second.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"gif_bff_upstream_calls_total{endpoint="download",outcome="ok",provider="unsplash"} 1"#), metrics)
    }

    func testWithoutAKeyThePhotoDemoCatalogServesOffline() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(api.app.demoProviders, [.klipy, .pexels, .unsplash])
        let page = try items(try api.get("/search?q=mountain&provider=unsplash"))
        XCTAssertEqual(page.count, 30)
        XCTAssertTrue(api.logSink.capturedText.contains("provider=unsplash mode=demo"), api.logSink.capturedText)
    }
}
