@testable import Service
import Gateway
import GiphyClient
import Primitives
import TestSupport
import Model
import XCTest

/// A request that names no provider is served by its kind's chain: the first provider that can
/// answer does, one that cannot is passed over, the page says which served, and a named
/// provider is strict.
final class ProviderChainTests: XCTestCase {
    private let klipy = ProviderName("klipy")!
    private var giphy: ScriptedProvider!
    private var second: ScriptedProvider!

    override func setUp() {
        freshProviders()
    }

    private func freshProviders() {
        giphy = ScriptedProvider()
        second = ScriptedProvider(items: (0..<100).map { index in
            var item = makeItem("k\(index)")
            item.provider = ProviderName("klipy")!
            item.id = "klipy:k\(index)"
            return item
        })
    }

    private func makeBackend(giphySettings: GatewaySettings = uncachedGateway, secondRules: ProviderRules = Giphy.rules) -> Backend {
        makeChainBackend([ChainMember(.giphy, giphy, Giphy.rules, settings: giphySettings), ChainMember(klipy, second, secondRules)],
                         chains: [.gifs: [.giphy, klipy]])
    }

    private func search(_ backend: Backend, _ chain: ProviderChain? = nil, limit: Int = 10) async throws -> ItemPage {
        let page = try XCTUnwrap(PageRequest(offset: 0, limit: limit))
        return try await backend.browse.search(SearchQuery(words: try SearchWords.parse("cats"), page: page,
                                                           providers: chain ?? backend.providers.defaultChain)).value().value.page()
    }

    func testTheFirstProviderServesWhileItAnswersAndThePageSaysSo() async throws {
        let page = try await search(makeBackend())
        XCTAssertEqual(page.provider, .giphy)
        XCTAssertEqual(page.data.first?.provider, .giphy)
        XCTAssertEqual(second.calls, [], "the next one is not asked")
    }

    func testEachWayOfFailingPassesTheFirstOverForTheNext() async throws {
        let failures: [any Error] = [UpstreamError.unauthorized(status: 401), UpstreamError.unauthorized(status: 403),
                                     UpstreamError.rateLimited(retryAfter: 30), UpstreamError.serverError(status: 503),
                                     UpstreamError.unavailable(reason: "refused"), UpstreamError.timeout]
        for failure in failures {
            freshProviders()
            giphy.fail(with: failure)
            let backend = makeBackend()
            let page = try await search(backend)
            XCTAssertEqual(page.provider, klipy, "\(failure)")
            XCTAssertEqual(page.data.first?.provider, klipy, "\(failure)")
            XCTAssertEqual(backend.providers[.giphy]?.gateway.metrics.passedOverRequests, 1, "\(failure)")
        }
    }

    func testAProviderHeldOffIsPassedOverWithoutACall() async throws {
        giphy.fail(with: UpstreamError.serverError(status: 500))
        let backend = makeBackend()
        _ = try await search(backend)
        _ = try await search(backend)
        let callsBefore = giphy.calls.count
        let page = try await search(backend)
        XCTAssertEqual(page.provider, klipy)
        XCTAssertEqual(giphy.calls.count, callsBefore, "held off after two failures in a row: not asked")
    }

    func testAProviderOutOfBudgetIsPassedOverWithoutACall() async throws {
        var settings = uncachedGateway
        settings.callsPerHour = 1
        let backend = makeBackend(giphySettings: settings)
        let served1 = try await search(backend).provider
        XCTAssertEqual(served1, .giphy)
        let served2 = try await search(backend).provider
        XCTAssertEqual(served2, klipy)
        XCTAssertEqual(giphy.calls, ["search"], "its one call this hour spent")
    }

    func testWhenTheFirstIsBackItServesAgain() async throws {
        giphy.fail(with: UpstreamError.serverError(status: 502))
        let backend = makeBackend()
        let served3 = try await search(backend).provider
        XCTAssertEqual(served3, klipy)
        giphy.fail(with: nil)
        let served4 = try await search(backend).provider
        XCTAssertEqual(served4, .giphy)
    }

    func testANamedProviderIsStrict() async throws {
        giphy.fail(with: UpstreamError.serverError(status: 500))
        let backend = makeBackend()
        do {
            _ = try await search(backend, ProviderChain(try XCTUnwrap(backend.providers[.giphy])))
            XCTFail("a named provider never falls back")
        } catch {
            XCTAssertEqual((error as? ServiceError)?.kind, .upstreamError)
        }
        XCTAssertEqual(second.calls, [])
    }

    func testWhenEveryProviderFailsTheFirstsFailureIsTheAnswer() async throws {
        giphy.fail(with: UpstreamError.unauthorized(status: 401))
        second.fail(with: UpstreamError.serverError(status: 500))
        do {
            _ = try await search(makeBackend())
            XCTFail("nobody answered")
        } catch {
            XCTAssertEqual((error as? ServiceError)?.kind, .upstreamAuth, "the first provider's failure")
        }
        XCTAssertEqual(second.calls, ["search"])
    }

    func testAFallbackThatCannotTakeTheQueryIsNotAsked() async throws {
        giphy.fail(with: UpstreamError.serverError(status: 500))
        var narrow = Giphy.rules
        narrow.limitRange = 1...8
        do {
            _ = try await search(makeBackend(secondRules: narrow), limit: 10)
            XCTFail("the only fallback takes at most 8")
        } catch {
            XCTAssertEqual((error as? ServiceError)?.kind, .upstreamError)
        }
        XCTAssertEqual(second.calls, [])
    }

    func testTrendingRandomAndTheSpotlightFallBackToo() async throws {
        giphy.fail(with: UpstreamError.serverError(status: 500))
        let backend = makeBackend()
        let trending = try await backend.browse.trending(TrendingQuery(page: .first, providers: backend.providers.defaultChain)).value().value.page()
        XCTAssertEqual(trending.provider, klipy)
        let random = try await backend.browse.random(tag: nil, rating: nil, providers: backend.providers.defaultChain, install: nil)
        XCTAssertEqual(random.provider, klipy)
        let spotlight = try await backend.browse.spotlight(tag: nil, providers: backend.providers.defaultChain, install: nil)
        XCTAssertEqual(spotlight.item.provider, klipy)
    }

    func testAStaleAnswerIsServedOnlyWhenNoLaterProviderAnswersFresh() async throws {
        let backend = makeBackend()
        let first = try XCTUnwrap(backend.providers[.giphy])
        let next = try XCTUnwrap(backend.providers[klipy])
        let stale = UpstreamPage(items: [makeItem("old")], totalCount: 1, count: 1, offset: 0)
        let fresh = UpstreamPage(items: [makeItem("new")], totalCount: 1, count: 1, offset: 0)
        let staleAnswer = ReadyOrPending<Fetched<UpstreamPage>>.ready(Fetched(stale, status: .stale, age: 900))

        let (served, page) = try await Browse.firstAnswering(staleAnswer, from: first, then: [next]) { _ in .ready(Fetched(fresh, status: .miss, age: 0)) }
        XCTAssertEqual(served.name, klipy)
        XCTAssertEqual(page.value.items.map(\.id), ["new"])

        let (kept, keptPage) = try await Browse.firstAnswering(staleAnswer, from: first, then: [next]) { _ in
            .pending { throw UpstreamError.timeout }
        }
        XCTAssertEqual(kept.name, .giphy)
        XCTAssertTrue(keptPage.isStale)
    }
}
