import Foundation
import SQLite
import TestSupport
import GifService
import XCTest

/// The service's rules for browsing and favorites-by-id, and the error table, without sockets.
final class GifBackendTests: XCTestCase {
    private func makeBackend(_ provider: ScriptedProvider, favoritesLimit: Int = 20) throws -> (GifBackend, StorageServices) {
        let services = try makeServices(favoritesLimit: favoritesLimit)
        var settings = GatewaySettings()
        settings.cacheEnabled = false
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings)
        let spotlight = SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: "pg")
        let backend = GifBackend(gateway: gateway, favorites: services.favorites, history: services.searchHistory,
                                 spotlight: spotlight, defaultRating: "pg")
        return (backend, services)
    }

    private func assertError(_ kind: ServiceError.Kind, parameter: String? = nil, file: StaticString = #filePath, line: UInt = #line,
                             _ call: () async throws -> Void) async {
        do {
            try await call()
            XCTFail("expected \(kind)", file: file, line: line)
        } catch {
            guard let error = error as? ServiceError else { return XCTFail("not a ServiceError: \(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, kind, file: file, line: line)
            if let parameter { XCTAssertEqual(error.parameter, parameter, file: file, line: line) }
        }
    }

    func testBlankQueryGivesAnEmptyPageWithoutAnUpstreamCall() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        let page = try await backend.search(q: "   ", offset: nil, limit: nil, rating: nil, lang: nil).value
        XCTAssertEqual(page.data, [])
        XCTAssertNil(page.pagination.nextOffset)
        XCTAssertEqual(provider.calls, [])
    }

    func testQueryIsTrimmedDefaultsApplyAndHistoryRecords() async throws {
        let provider = ScriptedProvider()
        let (backend, services) = try makeBackend(provider)
        let page = try await backend.search(q: "  happy cat ", offset: nil, limit: nil, rating: nil, lang: "EN").value
        XCTAssertEqual(provider.lastSearch, SearchRequest(query: "happy cat", offset: 0, limit: 24, rating: "pg", lang: "en"))
        XCTAssertEqual(page.data.count, 24)
        XCTAssertEqual(page.pagination.nextOffset, 24)
        XCTAssertEqual(page.pagination.totalCount, 100)
        let value1 = try await services.searchHistory.list()
        XCTAssertEqual(value1.map(\.query), ["happy cat"])
    }

    func testOverlongQueryIsRejectedWithoutAnUpstreamCall() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        await assertError(.invalidParameter, parameter: "q") {
            _ = try await backend.search(q: String(repeating: "a", count: 51), offset: nil, limit: nil, rating: nil, lang: nil)
        }
        XCTAssertEqual(provider.calls, [])
    }

    func testParameterBounds() async throws {
        let (backend, _) = try makeBackend(ScriptedProvider())
        for (offset, limit, rating, lang, name) in [
            ("-1", "10", "g", "en", "offset"), ("5000", "10", "g", "en", "offset"), ("x", "10", "g", "en", "offset"),
            ("0", "0", "g", "en", "limit"), ("0", "51", "g", "en", "limit"), ("0", "ten", "g", "en", "limit"),
            ("0", "10", "nc-17", "en", "rating"), ("0", "10", "g", "english", "lang"),
        ] {
            await assertError(.invalidParameter, parameter: name) {
                _ = try await backend.search(q: "cat", offset: offset, limit: limit, rating: rating, lang: lang)
            }
        }
        for id in ["", "abc-def", String(repeating: "a", count: 65), "a b", "ü"] {
            await assertError(.invalidParameter, parameter: "id") { _ = try await backend.gif(id: id) }
        }
        _ = try await backend.search(q: "cat", offset: "4999", limit: "50", rating: "PG-13", lang: nil)
    }

    func testPagesAreDeduplicatedAndTheLastPageHasNoNextOffset() async throws {
        let gifs = [makeGIF("a"), makeGIF("b"), makeGIF("a"), makeGIF("c")]
        let provider = ScriptedProvider(gifs: gifs, totalCount: 4)
        let (backend, _) = try makeBackend(provider)
        let page = try await backend.search(q: "x", offset: nil, limit: "4", rating: nil, lang: nil).value
        XCTAssertEqual(page.data.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(page.pagination.count, 3)
        XCTAssertNil(page.pagination.nextOffset)
        let first = try await backend.search(q: "x", offset: "0", limit: "2", rating: nil, lang: nil).value
        XCTAssertEqual(first.pagination.nextOffset, 2)
        let unknownTotal = ScriptedProvider(gifs: gifs, totalCount: nil)
        let (other, _) = try makeBackend(unknownTotal)
        let value2 = try await other.trending(offset: nil, limit: "2", rating: nil).value
        XCTAssertEqual(value2.pagination.nextOffset, 2)
        let value3 = try await other.trending(offset: "2", limit: "5", rating: nil).value
        XCTAssertNil(value3.pagination.nextOffset)
    }

    func testGifIsMarkedFavoriteAndAddFetchesASnapshotOnce() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        let value4 = try await backend.gif(id: "id3").value
        XCTAssertEqual(value4.isFavorite, false)
        guard case .added(let favorite) = try await backend.addFavorite(id: "id3") else { return XCTFail("not added") }
        XCTAssertEqual(favorite.id, "id3")
        let value5 = try await backend.gif(id: "id3").value
        XCTAssertEqual(value5.isFavorite, true)
        let callsBefore = provider.calls.count
        guard case .alreadyExisted = try await backend.addFavorite(id: "id3") else { return XCTFail("added twice") }
        XCTAssertEqual(provider.calls.count, callsBefore, "an existing favorite needs no upstream call")
        let page = try await backend.trending(offset: nil, limit: "5", rating: nil).value
        XCTAssertEqual(page.data.first { $0.id == "id3" }?.isFavorite, true)
        XCTAssertEqual(page.data.first { $0.id == "id0" }?.isFavorite, false)
    }

    func testFavoritesFullThenOneRemovedThenAdded() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider, favoritesLimit: 3)
        for index in 0..<3 { _ = try await backend.addFavorite(id: "id\(index)") }
        let callsBefore = provider.calls.count
        await assertError(.favoritesFull) { _ = try await backend.addFavorite(id: "id9") }
        XCTAssertEqual(provider.calls.count, callsBefore, "a full list fails before the upstream call")
        try await backend.removeFavorite(id: "id1")
        await assertError(.favoriteNotFound) { try await backend.removeFavorite(id: "id1") }
        guard case .added = try await backend.addFavorite(id: "id9") else { return XCTFail("not added") }
        let value6 = try await backend.listFavorites()
        XCTAssertEqual(value6.map(\.id), ["id9", "id2", "id0"])
    }

    func testFavoritesAreListedWhileTheUpstreamIsDown() async throws {
        let provider = ScriptedProvider()
        let (backend, _) = try makeBackend(provider)
        _ = try await backend.addFavorite(id: "id1")
        provider.fail(with: UpstreamError.unavailable(reason: "down"))
        let value7 = try await backend.listFavorites()
        XCTAssertEqual(value7.map(\.id), ["id1"])
    }

    func testEveryUpstreamErrorMapsToItsRow() async throws {
        let rows: [(UpstreamError, ServiceError.Kind, Int)] = [
            (.notFound, .gifNotFound, 404),
            (.rateLimited(retryAfter: 30), .upstreamRateLimited, 503),
            (.unauthorized(status: 401), .upstreamAuth, 502),
            (.unauthorized(status: 403), .upstreamAuth, 502),
            (.rejected(status: 414), .upstreamRejected, 502),
            (.serverError(status: 503), .upstreamError, 502),
            (.unavailable(reason: "refused"), .upstreamUnavailable, 502),
            (.timeout, .upstreamTimeout, 504),
            (.badResponse(reason: "synthetic"), .upstreamBadResponse, 502),
        ]
        for (upstream, kind, status) in rows {
            let provider = ScriptedProvider()
            provider.fail(with: upstream)
            let (backend, _) = try makeBackend(provider)
            do {
                _ = try await backend.search(q: "cat", offset: nil, limit: nil, rating: nil, lang: nil)
                XCTFail("no error for \(upstream)")
            } catch let error as ServiceError {
                XCTAssertEqual(error.kind, kind)
                XCTAssertEqual(error.status, status)
                if case .rateLimited = upstream { XCTAssertEqual(error.retryAfter, 30) }
            }
        }
        struct Unexpected: Error {}
        let provider = ScriptedProvider()
        provider.fail(with: Unexpected())
        let (backend, _) = try makeBackend(provider)
        await assertError(.internal) { _ = try await backend.random(tag: nil, rating: nil) }
    }
}

/// Pages and adds read only what they need: one damaged snapshot must not break them.
final class GifBackendStoreReadsTests: XCTestCase {
    func testADamagedSnapshotBreaksNeitherPagesNorAddingAnother() async throws {
        let path = try makeDatabasePath()
        let services = try makeServices(path: path)
        var settings = GatewaySettings()
        settings.cacheEnabled = false
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings)
        let backend = GifBackend(gateway: gateway, favorites: services.favorites, history: services.searchHistory,
                                 spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: "g"))
        _ = try await backend.addFavorite(id: "id1")
        _ = try await backend.addFavorite(id: "id2")
        let database = try Database(path: path)
        try database.execute("UPDATE favorite SET snapshot = x'00' WHERE gif_id = 'id1'")
        let page = try await backend.trending(offset: nil, limit: "3", rating: nil).value
        XCTAssertEqual(page.data.first { $0.id == "id1" }?.isFavorite, true)
        guard case .added = try await backend.addFavorite(id: "id5") else { return XCTFail("not added") }
        guard case .alreadyExisted = try await backend.addFavorite(id: "id2") else { return XCTFail("added twice") }
    }
}
