import API
import Gateway
import GiphyClient
import HTTPServer
import Model
import Service
import TestSupport
import UnsplashClient
import XCTest

/// Issue 46: `kind` picks a chain, `provider` names one provider strictly, and every page says
/// which provider served it; a chain passes a failing provider over, and /metrics counts it.
final class ProviderChainRouteTests: XCTestCase {
    private let klipy = ProviderName("klipy")!
    private var giphy = ScriptedProvider()
    private var second = ScriptedProvider(items: (0..<50).map { index in
        var item = makeItem("k\(index)")
        item.provider = ProviderName("klipy")!
        item.id = "klipy:k\(index)"
        return item
    })
    private var photos = ScriptedProvider(items: (0..<50).map { makePhoto("p\($0)") })

    private func makeAPI() -> InMemoryAPI {
        InMemoryAPI(provider: giphy, backend: makeChainBackend([
            ChainMember(.giphy, giphy, Giphy.rules), ChainMember(klipy, second, Giphy.rules), ChainMember(.unsplash, photos, Unsplash.rules),
        ], chains: [.gifs: [.giphy, klipy]]))
    }

    private func pageProvider(_ answer: InMemoryAPI.Answer) -> String? { answer.json?["provider"] as? String }
    private func itemProviders(_ answer: InMemoryAPI.Answer) -> Set<String> {
        Set((answer.json?["data"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String })
    }

    func testKindPicksTheChainAndThePageSaysWhichProviderServed() async throws {
        let api = makeAPI()
        let gifs = try await api.get("/search?q=cat")
        XCTAssertEqual(pageProvider(gifs), "giphy")
        let photoPage = try await api.get("/search?q=cat&kind=photos")
        XCTAssertEqual(photoPage.status, 200, photoPage.text)
        XCTAssertEqual(pageProvider(photoPage), "unsplash")
        XCTAssertEqual(itemProviders(photoPage), ["unsplash"])
        let trending = try await api.get("/trending?kind=PHOTOS")
        XCTAssertEqual(pageProvider(trending), "unsplash", "any letter case")
        let gifTrending = try await api.get("/trending?kind=gifs")
        XCTAssertEqual(pageProvider(gifTrending), "giphy")
    }

    func testABadKindOrOneThatContradictsTheProviderIsRefusedBeforeAnyCall() async throws {
        let api = makeAPI()
        for target in ["/search?q=cat&kind=videos", "/search?q=cat&provider=giphy&kind=photos", "/trending?provider=unsplash&kind=gifs",
                       "/random?kind=clips", "/spotlight?kind=x"] {
            let answer = try await api.get(target)
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertEqual(answer.problem?.code, "invalid_parameter", target)
            XCTAssertTrue(answer.problem?.detail.contains("\"kind\"") == true, "\(target): \(answer.problem?.detail ?? "")")
        }
        XCTAssertEqual(giphy.calls + second.calls + photos.calls, [])
    }

    func testAFailingFirstProviderIsPassedOverAndANamedOneIsStrict() async throws {
        let api = makeAPI()
        giphy.fail(with: UpstreamError.unauthorized(status: 403))
        let page = try await api.get("/search?q=cat")
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertEqual(pageProvider(page), "klipy")
        XCTAssertEqual(itemProviders(page), ["klipy"])
        let strict = try await api.get("/search?q=dog&provider=giphy")
        XCTAssertEqual(strict.problem?.code, "upstream_auth", strict.text)
        XCTAssertEqual(second.calls, ["search"], "named: never a fallback")
        let metrics = try await api.get("/metrics")
        XCTAssertTrue(metrics.text.contains("gif_bff_provider_passed_over_total{provider=\"giphy\"} 1"), metrics.text)
        XCTAssertTrue(metrics.text.contains("gif_bff_provider_passed_over_total{provider=\"klipy\"} 0"), metrics.text)
    }
}
