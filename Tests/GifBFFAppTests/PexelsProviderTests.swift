import FakePexels
import FakeUpstream
import Foundation
@testable import GifBFFApp
import HTTPServer
import PexelsCatalog
import PexelsClient
import TestSupport
import XCTest

/// Issue 46.2 and 46.3, end to end: `provider=pexels` in a running server, from the built-in demo
/// catalog without a key (its pictures drawn by gif-bff), and from the fake Pexels through the real
/// client with one (the key never shown, its budget and /metrics label its own).
final class PexelsProviderTests: XCTestCase {
    static let key = "SECRET-pexels-key-77a1"

    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    private func items(_ response: RawClient.Response) throws -> [[String: Any]] {
        try XCTUnwrap(try json(response)["data"] as? [[String: Any]], response.text)
    }

    func testWithoutAKeyTheDemoCatalogAnswersProviderPexels() async throws {
        let api = try APIHarness(self)
        XCTAssertTrue(api.app.demoProviders.contains(.pexels))
        let found = try api.get("/search?q=mountain&provider=pexels&limit=5")
        XCTAssertEqual(found.status, 200, found.text)
        let photos = try items(found)
        XCTAssertEqual(photos.count, 5)
        XCTAssertTrue(photos.allSatisfy { $0["provider"] as? String == "pexels" && ($0["id"] as? String)?.hasPrefix("pexels:") == true })
        let first = try XCTUnwrap(photos.first)
        let attribution = try XCTUnwrap(first["attribution"] as? [String: String])
        XCTAssertTrue(attribution["text"]?.hasPrefix("Photo by ") == true && attribution["text"]?.hasSuffix(" on Pexels") == true, "\(attribution)")
        XCTAssertTrue(attribution["author_url"]?.hasPrefix("https://www.pexels.com/@") == true, "\(attribution)")
        XCTAssertEqual(attribution["provider_url"], first["url"] as? String, "the photo's page on Pexels")
        XCTAssertTrue((first["color"] as? String)?.hasPrefix("#") == true)
        XCTAssertNotNil(first["alt_text"])

        // The thumb is drawn by gif-bff at the size the answer states.
        let thumb = try XCTUnwrap((first["images"] as? [String: Any])?["thumb"] as? [String: Any])
        let link = try XCTUnwrap(URLComponents(string: try XCTUnwrap(thumb["url"] as? String)))
        XCTAssertTrue(link.path.hasPrefix("/media/pexels/"), link.path)
        let picture = try api.get(link.path)
        XCTAssertEqual(picture.status, 200, picture.text)
        let facts = try XCTUnwrap(ImageFacts.read(picture.body))
        XCTAssertEqual(facts.width, thumb["width"] as? Int)
        XCTAssertEqual(facts.height, thumb["height"] as? Int)

        let id = try XCTUnwrap(first["id"] as? String)
        let detail = try api.get("/items/\(id)")
        XCTAssertEqual(detail.status, 200, detail.text)
        XCTAssertNotNil((try json(detail)["images"] as? [String: Any])?["full"])
        let unknown = try api.get("/items/pexels:1")
        XCTAssertEqual(unknown.status, 404, unknown.text)
        let curated = try api.get("/trending?provider=pexels&limit=10&offset=10")
        XCTAssertEqual(try items(curated).count, 10)
        let unaligned = try api.get("/trending?provider=pexels&limit=10&offset=5")
        XCTAssertEqual(unaligned.status, 400, "Pexels pages by number")
        XCTAssertTrue(unaligned.text.contains("Pexels"), unaligned.text)
    }

    func testWithAKeyPexelsIsCalledWithItsBudgetAndLabel() async throws {
        let pexels = FakePexels(apiKey: Self.key)
        let pexelsURL = try pexels.start()
        addTeardownBlock { await pexels.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.pexelsAPIKey = Self.key
            configuration.pexelsBaseURL = pexelsURL.absoluteString
            configuration.pexelsCallsPerHour = 2
            configuration.upstreamSharePercent = 0
        }
        XCTAssertFalse(api.app.demoProviders.contains(.pexels))
        let found = try items(try api.get("/search?q=cat&provider=pexels&limit=5"))
        XCTAssertEqual(found.compactMap { $0["id"] as? String }, pexels.catalog.search("cat").prefix(5).map { "pexels:\($0.id)" })
        XCTAssertTrue((((found.first?["images"] as? [String: Any])?["thumb"] as? [String: Any])?["url"] as? String)?
            .hasPrefix("https://images.pexels.com/photos/") == true, "Pexels' own links with a key")
        XCTAssertEqual(pexels.recordedCalls.last?.headers.first { $0.name == "authorization" }?.value, Self.key)
        _ = try api.get("/search?q=dog&provider=pexels&limit=5")
        let spent = try api.get("/search?q=bird&provider=pexels&limit=5")
        XCTAssertEqual(spent.status, 503, spent.text)
        XCTAssertEqual(try json(spent)["code"] as? String, "upstream_budget_exhausted")
        XCTAssertEqual(pexels.callCount(), 2, "the budget of 2 held")
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"provider="pexels""#), metrics)
        XCTAssertFalse(metrics.contains(Self.key) || api.logSink.capturedText.contains(Self.key))
    }

    func testARefusedKeyIsNamedAndLogged() async throws {
        let pexels = FakePexels(apiKey: Self.key)
        let pexelsURL = try pexels.start()
        addTeardownBlock { await pexels.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.pexelsAPIKey = "wrong-key"
            configuration.pexelsBaseURL = pexelsURL.absoluteString
        }
        pexels.inject(.tooManyRequests)
        let limited = try api.get("/trending?provider=pexels")
        XCTAssertEqual(limited.status, 503, limited.text)
        XCTAssertEqual(try json(limited)["code"] as? String, "upstream_rate_limited")
        let refused = try api.get("/search?q=cat&provider=pexels")
        XCTAssertEqual(refused.status, 502, refused.text)
        XCTAssertEqual(try json(refused)["code"] as? String, "upstream_auth")
        XCTAssertTrue(refused.text.contains("PEXELS_API_KEY"), refused.text)
        XCTAssertTrue(api.logSink.capturedText.contains("pexels call failed"), api.logSink.capturedText)
    }
}
