import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import HTTPServer
import TestSupport
import XCTest

/// Issue 15's bug: cached answers and the spotlight belong to the upstream that produced them. A
/// server restarted against another upstream (a real key after a demo run, another key, another
/// base URL) on the same database never serves the first one's answers, fresh or stale.
final class UpstreamSwitchTests: XCTestCase {
    func testAnotherUpstreamOnTheSameDatabaseNeverGetsTheFirstOnesAnswers() async throws {
        let first = try APIHarness(self)
        XCTAssertEqual(try first.get("/search?q=dogs&limit=3").header("X-Cache"), "MISS")
        XCTAssertEqual(try first.get("/search?q=cats&limit=3").header("X-Cache"), "MISS")
        XCTAssertEqual(try first.get("/spotlight").header("X-Cache"), "MISS")
        await first.stopApp()

        let otherKey = "another-giphy-key-8d1e"
        let other = FakeGiphy(apiKey: otherKey)
        addTeardownBlock { await other.shutdown() }
        let second = try APIHarness(self, fake: other, folder: first.folder) {
            $0.giphyAPIKey = otherKey
            $0.gateway.freshSeconds = 0
        }
        let search = try second.get("/search?q=dogs&limit=3")
        XCTAssertEqual(search.header("X-Cache"), "MISS", "a fresh answer of the first upstream is not served")
        XCTAssertEqual(other.callCount(path: "/v1/gifs/search"), 1)
        XCTAssertEqual(try second.get("/spotlight").header("X-Cache"), "MISS", "the first upstream's pick is not kept")
        XCTAssertEqual(other.callCount(path: "/v1/gifs/random"), 1)

        other.inject(.serviceUnavailable, lifetime: .sticky)
        let down = try second.get("/search?q=cats&limit=3")
        XCTAssertEqual(down.status, 502, "no stale answer from the first upstream")
        XCTAssertEqual(down.json?["code"] as? String, "upstream_error")
        XCTAssertEqual(try second.get("/search?q=dogs&limit=3").header("X-Cache"), "STALE", "its own answers still are")
    }

    func testTheIdentityNamesTheUpstreamAndAFingerprintNeverTheKey() {
        let key = "SECRET-giphy-key-3f9c2a71"
        XCTAssertEqual(KeyFingerprint.of(key), KeyFingerprint.of(key))
        XCTAssertNotEqual(KeyFingerprint.of(key), KeyFingerprint.of(key + "x"))
        XCTAssertEqual(KeyFingerprint.of(key).count, 8)
        var configuration = Configuration()
        configuration.giphyAPIKey = key
        configuration.giphyBaseURL = "http://127.0.0.1:9/"
        let upstream = try? GiphySource.make(configuration).provider
        XCTAssertEqual(upstream?.identity, "giphy|http://127.0.0.1:9/|key:\(KeyFingerprint.of(key))")
        XCTAssertFalse(upstream?.identity.contains(key) ?? true)
        let photoKey = "SECRET-unsplash-key-77ab"
        configuration.unsplashAccessKey = photoKey
        configuration.unsplashBaseURL = "http://127.0.0.1:9"
        let photos = try? UnsplashSource.make(configuration, logger: Logger(level: .off))
        XCTAssertEqual(photos?.identity, "unsplash|http://127.0.0.1:9|key:\(KeyFingerprint.of(photoKey))")
        XCTAssertEqual(photos?.isDemo, false)
    }
}
