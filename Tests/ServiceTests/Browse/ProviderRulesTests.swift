import Primitives
import Gateway
import GiphyClient
import Service
import Model
import TestSupport
import UnsplashClient
import Wire
import XCTest

/// Each provider's knowledge comes from its own folder; the service only reads its rules.
final class ProviderRulesTests: XCTestCase {
    func testGIPHYsCompactSetHoldsWhatAGridDrawsButNotDownsized() {
        let rules = Giphy.rules
        XCTAssertTrue(rules.compactSetHolds(.listDefault))
        XCTAssertTrue(rules.compactSetHolds(.named(["fixed_width", "still"])))
        XCTAssertFalse(rules.compactSetHolds(.named(["downsized", "fixed_width"])), "the bundle leaves downsized out")
        XCTAssertFalse(rules.compactSetHolds(.all))
    }

    func testUnsplashHasNoCompactSet() {
        XCTAssertNil(Unsplash.rules.compactSetOmits)
        XCTAssertFalse(Unsplash.rules.compactSetHolds(.listDefault))
    }

    /// GIPHY's list pages ask for its bundle and are cached apart from full pages; Unsplash
    /// answers the same either way, so its list and full pages share one upstream call.
    func testOnlyAProviderWithACompactSetAsksForItAndCachesItApart() async throws {
        let gifs = ScriptedProvider()
        let photos = ScriptedProvider(items: (0..<30).map { makePhoto("p\($0)") }, totalCount: 30)
        var cached = GatewaySettings()
        cached.cacheEnabled = true
        let backend = makeTwoProviderBackend(gifs: gifs, photos: photos, photoSettings: cached)
        let words = try XCTUnwrap(try SearchWords.parse("sea"))
        let page = try XCTUnwrap(PageRequest(offset: 0, limit: 30))
        _ = try await backend.browse.search(SearchQuery(words: words, page: page, rating: nil, lang: nil, form: .compact, providers: ProviderChain(try XCTUnwrap(backend.providers[.unsplash])), install: .local)).value()
        _ = try await backend.browse.search(SearchQuery(words: words, page: page, rating: nil, lang: nil, form: .full, providers: ProviderChain(try XCTUnwrap(backend.providers[.unsplash])), install: .local)).value()
        XCTAssertEqual(photos.calls.filter { $0 == "search" }.count, 1, "one upstream call for both forms: \(photos.calls)")
        XCTAssertEqual(photos.lastSearch?.compactRenditions, false)
        _ = try await backend.browse.search(SearchQuery(words: words, page: .first, rating: nil, lang: nil, form: .compact, providers: ProviderChain(try XCTUnwrap(backend.providers[.giphy])), install: .local)).value()
        XCTAssertEqual(gifs.lastSearch?.compactRenditions, true, "GIPHY's list page asks for its bundle")
    }

    func testDecksAndSearchTermsComeFromTheProviderServingGIFsWhateverTheDefault() async throws {
        let gifs = ScriptedProvider()
        let backend = makeTwoProviderBackend(gifs: gifs, photos: ScriptedProvider(items: [makePhoto("p1")], totalCount: 1),
                                             defaultProvider: .unsplash)
        let deck = try await backend.decks.deck(tag: nil, count: 3, rating: nil, session: nil, install: .local)
        XCTAssertEqual(deck.items.map(\.provider), [.giphy, .giphy, .giphy])
    }
}
