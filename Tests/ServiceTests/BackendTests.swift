import Primitives
import Wire
import Gateway
import Foundation
import SQLite
import TestSupport
import Service
import Model
import XCTest

/// The service's rules for browsing and favorites-by-id, and its error kinds, without sockets.
final class BackendTests: XCTestCase {
    private let firstPage = PageRequest.first
    private func pageRequest(_ offset: Int, _ limit: Int) throws -> PageRequest { try XCTUnwrap(PageRequest(offset: offset, limit: limit)) }
    private func id(_ text: String) throws -> ItemID { try XCTUnwrap(ItemID(text)) }
    private func words(_ text: String) throws -> SearchWords? { try SearchWords.parse(text) }

    private func makeBackend(_ provider: ScriptedProvider, favoritesLimit: Int = 20) throws -> (Backend, StorageServices) {
        let services = try makeServices(favoritesLimit: favoritesLimit)
        var settings = GatewaySettings()
        settings.cacheEnabled = false
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings)
        let spotlight = SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .pg)
        let backend = Backend(gateway: gateway, favorites: services.favorites, history: services.searchHistory,
                                 spotlight: spotlight, defaultRating: .pg)
        return (backend, services)
    }

    private func assertError(_ kind: ServiceError.Kind, file: StaticString = #filePath, line: UInt = #line,
                             _ call: () async throws -> Void) async {
        do {
            try await call()
            XCTFail("expected \(kind)", file: file, line: line)
        } catch {
            XCTAssertEqual((error as? ServiceError)?.kind, kind, "\(error)", file: file, line: line)
        }
    }

    func testBlankQueryGivesAnEmptyPageWithoutAnUpstreamCall() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        let page = try await backend.browse.search(SearchQuery(words: try words("   "), page: firstPage, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(page.data, [])
        XCTAssertNil(page.pagination.nextOffset)
        XCTAssertEqual(provider.calls, [])
    }

    func testQueryIsTrimmedDefaultsApplyAndHistoryRecords() async throws {
        let provider = ScriptedProvider()
        let (backend, services) = try makeBackend(provider)
        let page = try await backend.browse.search(SearchQuery(words: try words("  happy cat "), page: firstPage, rating: nil, lang: LanguageCode("EN"), providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(provider.lastSearch, SearchRequest(query: "happy cat", offset: 0, limit: 24, rating: "pg", lang: "en", install: .local))
        XCTAssertEqual(page.data.count, 24)
        XCTAssertEqual(page.pagination.nextOffset, 24)
        XCTAssertEqual(page.pagination.totalCount, 100)
        await backend.flushBookkeeping()
        let value1 = try await services.searchHistory.list(install: .local)
        XCTAssertEqual(value1.map(\.query), ["happy cat"])
    }

    func testTheRatingLimitAndLanguageReachTheUpstreamAsGiven() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        _ = try await backend.browse.search(SearchQuery(words: try words("cat"), page: try pageRequest(4999, 50), rating: Rating("PG-13"), lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }
        XCTAssertEqual(provider.lastSearch, SearchRequest(query: "cat", offset: 4999, limit: 50, rating: "pg-13", lang: nil, install: .local))
    }

    /// Only the upstream's compact set is asked for when it holds every rendition the answer
    /// writes: the compact default and a choice without `downsized`, but not `all`.
    func testTheCompactSetIsAskedForOnlyWhenItHoldsTheRenditionsWritten() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        let cases: [(ItemForm, Bool)] = [
            (.compact, true),
            (ItemForm(isCompact: true, renditions: try XCTUnwrap(RenditionSelection("preview,still"))), true),
            (ItemForm(isCompact: true, renditions: try XCTUnwrap(RenditionSelection("downsized"))), false),
            (ItemForm(isCompact: true, renditions: .all), false),
            (.full, false),
        ]
        for (form, asksForCompactSet) in cases {
            _ = try await backend.browse.search(SearchQuery(words: try words("cat"), page: firstPage, rating: nil, lang: nil, form: form, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value()
            XCTAssertEqual(provider.lastSearch?.compactRenditions, asksForCompactSet, "search, \(form.key)")
            _ = try await backend.browse.trending(TrendingQuery(page: firstPage, rating: nil, form: form, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value()
            XCTAssertEqual(provider.lastTrending?.compactRenditions, asksForCompactSet, "trending, \(form.key)")
        }
    }

    func testPagesAreDeduplicatedAndTheLastPageHasNoNextOffset() async throws {
        let gifs = [makeItem("a"), makeItem("b"), makeItem("a"), makeItem("c")]
        let provider = ScriptedProvider(items: gifs, totalCount: 4)
        let (backend, _) = try makeBackend(provider)
        let page = try await backend.browse.search(SearchQuery(words: try words("x"), page: try pageRequest(0, 4), rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(page.data.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(page.pagination.count, 3)
        XCTAssertNil(page.pagination.nextOffset)
        let first = try await backend.browse.search(SearchQuery(words: try words("x"), page: try pageRequest(0, 2), rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(first.pagination.nextOffset, 2)
        let unknownTotal = ScriptedProvider(items: gifs, totalCount: nil)
        let (other, _) = try makeBackend(unknownTotal)
        let value2 = try await other.browse.trending(TrendingQuery(page: try pageRequest(0, 2), rating: nil, providers: ProviderChain(other.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(value2.pagination.nextOffset, 2)
        let value3 = try await other.browse.trending(TrendingQuery(page: try pageRequest(2, 5), rating: nil, providers: ProviderChain(other.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertNil(value3.pagination.nextOffset)
    }

    func testGifIsMarkedFavoriteAndAddFetchesASnapshotOnce() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        let value4 = try await backend.browse.item(ItemQuery(id: try id("id3"), provider: try backend.providers.provider(of: try id("id3")), install: .local)).value().value
        XCTAssertEqual(value4.isFavorite, false)
        guard case .added(let favorite) = try await backend.favorites.add(id: try id("id3"), install: .local) else { return XCTFail("not added") }
        XCTAssertEqual(favorite.id, "id3")
        let value5 = try await backend.browse.item(ItemQuery(id: try id("id3"), provider: try backend.providers.provider(of: try id("id3")), install: .local)).value().value
        XCTAssertEqual(value5.isFavorite, true)
        let callsBefore = provider.calls.count
        guard case .alreadyExisted = try await backend.favorites.add(id: try id("id3"), install: .local) else { return XCTFail("added twice") }
        XCTAssertEqual(provider.calls.count, callsBefore, "an existing favorite needs no upstream call")
        let page = try await backend.browse.trending(TrendingQuery(page: try pageRequest(0, 5), rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(page.data.first { $0.id == "id3" }?.isFavorite, true)
        XCTAssertEqual(page.data.first { $0.id == "id0" }?.isFavorite, false)
    }

    func testFavoritesFullThenOneRemovedThenAdded() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider, favoritesLimit: 3)
        for index in 0..<3 { _ = try await backend.favorites.add(id: try id("id\(index)"), install: .local) }
        let callsBefore = provider.calls.count
        let id9 = try id("id9"), id1 = try id("id1")
        await assertError(.favoritesFull) { _ = try await backend.favorites.add(id: id9, install: .local) }
        XCTAssertEqual(provider.calls.count, callsBefore, "a full list fails before the upstream call")
        try await backend.favorites.remove(id: id1, install: .local)
        await assertError(.favoriteNotFound) { try await backend.favorites.remove(id: id1, install: .local) }
        guard case .added = try await backend.favorites.add(id: id9, install: .local) else { return XCTFail("not added") }
        let value6 = try await backend.favorites.listing(install: .local).value().favorites
        XCTAssertEqual(value6.map(\.id), ["id9", "id2", "id0"])
    }

    func testFavoritesAreListedWhileTheUpstreamIsDown() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        _ = try await backend.favorites.add(id: try id("id1"), install: .local)
        provider.fail(with: UpstreamError.unavailable(reason: "down"))
        let value7 = try await backend.favorites.listing(install: .local).value().favorites
        XCTAssertEqual(value7.map(\.id), ["id1"])
    }

    func testEveryUpstreamErrorMapsToItsRow() async throws {
        let rows: [(UpstreamError, ServiceError.Kind, Int?)] = [
            (.notFound, .itemNotFound, nil),
            (.rateLimited(retryAfter: 30), .upstreamRateLimited, 30),
            (.rateLimited(retryAfter: nil), .upstreamRateLimited, 60),
            (.unauthorized(status: 401), .upstreamAuth, nil),
            (.unauthorized(status: 403), .upstreamAuth, nil),
            (.rejected(status: 414), .upstreamRejected, nil),
            (.serverError(status: 503), .upstreamError, nil),
            (.unavailable(reason: "refused"), .upstreamUnavailable, nil),
            (.timeout, .upstreamTimeout, nil),
            (.badResponse(reason: "synthetic"), .upstreamBadResponse, nil),
        ]
        let cat = try words("cat")
        for (upstream, kind, retryAfter) in rows {
            let provider = ScriptedProvider()
            provider.fail(with: upstream)
            let (backend, _) = try makeBackend(provider)
            do {
                _ = try await backend.browse.search(SearchQuery(words: cat, page: firstPage, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }
                XCTFail("no error for \(upstream)")
            } catch let error as ServiceError {
                XCTAssertEqual(error.kind, kind)
                XCTAssertEqual(error.retryAfterSeconds, retryAfter, "\(upstream)")
            }
        }
        struct Unexpected: Error {}
        let provider = ScriptedProvider()
        provider.fail(with: Unexpected())
        let (backend, _) = try makeBackend(provider)
        await assertError(.internal) { _ = try await backend.browse.random(tag: nil, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local) }
    }

    func testARandomPickThatMatchesNothingNamesTheTag() async throws {
        let provider = ScriptedProvider()
        provider.fail(with: UpstreamError.notFound)
        let (backend, _) = try makeBackend(provider)
        let tag = try words(" zzq ")
        do {
            _ = try await backend.browse.random(tag: tag, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error, ServiceError(.itemNotFound, "GIPHY has nothing for the tag \"zzq\"."))
        }
    }

    func testABusyStoreIsStorageBusyWithItsRetryTime() async throws {
        let backend = makeMemoryBackend(favoritesStore: BusyStore(retryAfterSeconds: 7), historyStore: BusyStore(retryAfterSeconds: 3))
        let id1 = try id("id1")
        let calls: [(String, Int, () async throws -> Void)] = [
            ("list favorites", 7, { _ = try await backend.favorites.listing(install: .local).value().favorites }),
            ("add favorite", 7, { _ = try await backend.favorites.add(id: id1, install: .local) }),
            ("remove favorite", 7, { try await backend.favorites.remove(id: id1, install: .local) }),
            ("gif", 7, { _ = try await backend.browse.item(ItemQuery(id: id1, provider: try backend.providers.provider(of: id1), install: .local)).value() }),
            ("history", 3, { _ = try await backend.history.list(contains: nil, install: .local) }),
            ("clear history", 3, { try await backend.history.clear(install: .local) }),
        ]
        for (name, seconds, call) in calls {
            do {
                try await call()
                XCTFail("\(name): no error")
            } catch {
                let error = error as? ServiceError
                XCTAssertEqual(error?.kind, .storageBusy, name)
                XCTAssertEqual(error?.code, "storage_busy", name)
                XCTAssertEqual(error?.retryAfterSeconds, seconds, name)
            }
        }
    }
}

/// Pages and adds read only what they need: one damaged snapshot must not break them.
final class BackendStoreReadsTests: XCTestCase {
    func testADamagedSnapshotBreaksNeitherPagesNorAddingAnother() async throws {
        let path = try makeDatabasePath()
        let services = try makeServices(path: path)
        var settings = GatewaySettings()
        settings.cacheEnabled = false
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings)
        let backend = Backend(gateway: gateway, favorites: services.favorites, history: services.searchHistory,
                                 spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g))
        _ = try await backend.favorites.add(id: try XCTUnwrap(ItemID("id1")), install: .local)
        _ = try await backend.favorites.add(id: try XCTUnwrap(ItemID("id2")), install: .local)
        let database = try Database(path: path)
        try database.execute("UPDATE favorite SET snapshot = x'00' WHERE gif_id = 'id1'")
        let page = try await backend.browse.trending(TrendingQuery(page: try XCTUnwrap(PageRequest(offset: 0, limit: 3)), rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(page.data.first { $0.id == "id1" }?.isFavorite, true)
        guard case .added = try await backend.favorites.add(id: try XCTUnwrap(ItemID("id5")), install: .local) else { return XCTFail("not added") }
        guard case .alreadyExisted = try await backend.favorites.add(id: try XCTUnwrap(ItemID("id2")), install: .local) else { return XCTFail("added twice") }
    }
}
