import FakeGiphy
import FakeKlipy
import FakePexels
import FakeUnsplash
import FakeUpstream
import Gateway
import KlipyClient
import Foundation
import HTTPServer
@testable import GifBFFApp
import Model
import TestSupport
import XCTest

/// Issue 46.4, end to end: the running server with GIPHY and KLIPY (and Unsplash and Pexels), each
/// with a key, through their clients to their fakes on loopback. When GIPHY is down, refuses the
/// key, is rate limited or slow, a request that names no provider is served by KLIPY and says so;
/// a request naming GIPHY stays strict; when GIPHY is back, it serves again. The cache is off, so
/// every request asks a provider.
final class ChainFallbackTests: XCTestCase {
    static let klipyKey = "SECRET-chain-klipy-1b2c"
    static let photoKey = "SECRET-chain-unsplash-3d4e"
    static let pexelsKey = "SECRET-chain-pexels-5f6a"
    private func start(giphyBaseURL: URL? = nil) throws -> (APIHarness, FakeKlipy) {
        let klipy = FakeKlipy(apiKey: Self.klipyKey)
        let klipyURL = try klipy.start()
        addTeardownBlock { await klipy.stop() }
        let api = try APIHarness(self, upstreamTimeout: .milliseconds(600), baseURL: giphyBaseURL) { configuration in
            configuration.klipyAPIKey = Self.klipyKey
            configuration.klipyBaseURL = klipyURL.absoluteString
            configuration.gateway.cacheEnabled = false
        }
        return (api, klipy)
    }

    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    /// The provider a search was served by, and its items' providers.
    private func search(_ api: APIHarness, _ parameters: String = "") throws -> (page: String?, items: Set<String>, status: Int) {
        let response = try api.get("/search?q=cat&limit=8\(parameters)")
        guard response.status == 200 else { return (nil, [], response.status) }
        let page = try json(response)
        let items = (page["data"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String }
        return (page["provider"] as? String, Set(items), 200)
    }

    /// Asks again until GIPHY serves (its hold-off, at most a few seconds after two failures, ends);
    /// for `eventTimeout` at most (10 s left a loaded machine little room past the hold-off).
    private func waitUntilGIPHYServes(_ api: APIHarness, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(eventTimeoutSeconds)
        while Date() < deadline {
            if try search(api).page == "giphy" { return }
            usleep(200_000)
        }
        XCTFail("GIPHY never served again", file: file, line: line)
    }

    func testEachOutageOfTheFirstIsServedByTheNextWhichThePageNamesAndTheFirstComesBack() throws {
        let (api, klipy) = try start()
        XCTAssertEqual(try search(api).page, "giphy", "GIPHY first while it answers")
        XCTAssertEqual(klipy.callCount(), 0)
        let outages: [(String, FakeGiphyFault)] = [
            ("refused key 401", .unauthorized(body: .message)), ("forbidden 403", .forbidden(body: .meta)),
            ("rate limited 429", .rateLimited(body: .message, retryAfter: nil)), ("down 503", .serviceUnavailable),
            ("slow", .delay(milliseconds: 2_000)),
        ]
        for (name, fault) in outages {
            api.fake.inject(fault, lifetime: .sticky)
            for _ in 0..<3 {
                let served = try search(api)
                XCTAssertEqual(served.page, "klipy", name)
                XCTAssertEqual(served.items, ["klipy"], name)
            }
            let strict = try search(api, "&provider=giphy")
            XCTAssertNotEqual(strict.status, 200, "\(name): a named provider never falls back")
            api.fake.clearFaults()
            try waitUntilGIPHYServes(api)
        }
        let metrics = try api.get("/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix(#"gif_bff_provider_passed_over_total{provider="giphy"} "#) }
        let passedOver = try XCTUnwrap(line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }, metrics)
        XCTAssertGreaterThanOrEqual(passedOver, 15, "three requests in each of five outages (and those while it was held off after)")
        XCTAssertTrue(metrics.contains(#"gif_bff_provider_passed_over_total{provider="klipy"} 0"#), metrics)
    }

    func testAnUnreachableFirstIsPassedOverAndANamedRequestFailsWithItsOwnProblem() throws {
        let (api, klipy) = try start(giphyBaseURL: try FakeGiphy.refusingBaseURL())
        let served = try search(api)
        XCTAssertEqual(served.page, "klipy")
        let callsBefore = klipy.callCount()
        let strict = try api.get("/search?q=strict&provider=giphy")
        XCTAssertEqual(strict.status, 502, strict.text)
        XCTAssertTrue(strict.text.contains("GIPHY"), strict.text)
        XCTAssertEqual(klipy.callCount(), callsBefore, "the named request asked no one else")
        let trending = try json(try api.get("/trending?limit=8"))
        XCTAssertEqual(trending["provider"] as? String, "klipy")
        let random = try json(try api.get("/random"))
        XCTAssertEqual(random["provider"] as? String, "klipy")
    }

    func testThePhotoChainFallsBackFromUnsplashToPexels() throws {
        let unsplash = FakeUnsplash(accessKey: Self.photoKey, hourlyLimit: 1_000)
        let unsplashURL = try unsplash.start()
        addTeardownBlock { await unsplash.stop() }
        let pexels = FakePexels(apiKey: Self.pexelsKey)
        let pexelsURL = try pexels.start()
        addTeardownBlock { await pexels.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.unsplashAccessKey = Self.photoKey
            configuration.unsplashBaseURL = unsplashURL.absoluteString
            configuration.pexelsAPIKey = Self.pexelsKey
            configuration.pexelsBaseURL = pexelsURL.absoluteString
            configuration.gateway.cacheEnabled = false
        }
        XCTAssertEqual(try search(api, "&kind=photos").page, "unsplash")
        unsplash.inject(.status(401, errors: ["OAuth error: The access token is invalid"]), lifetime: .sticky)
        let served = try search(api, "&kind=photos")
        XCTAssertEqual(served.page, "pexels")
        XCTAssertEqual(served.items, ["pexels"])
        XCTAssertEqual(try search(api).page, "giphy", "the GIF chain is another chain")
    }

    func testADemoCatalogIsNeverAFallbackForAProviderWithAKey() throws {
        // KLIPY has no key here: GIPHY (with its key, failing) is the GIF chain alone.
        let api = try APIHarness(self, upstreamTimeout: .milliseconds(600)) { configuration in
            configuration.gifProviders = [.giphy, .klipy]
            configuration.gateway.cacheEnabled = false
        }
        api.fake.inject(.serverError, lifetime: .sticky)
        let served = try search(api)
        XCTAssertNotEqual(served.status, 200)
        XCTAssertTrue(api.logSink.capturedText.contains("left out of its chain"), api.logSink.capturedText)
        let named = try search(api, "&provider=klipy")
        XCTAssertEqual(named.page, "klipy", "still served when named")
    }
}
