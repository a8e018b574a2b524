import Primitives
import Gateway
import Service
import Model
import TestSupport
import XCTest

/// A detail answered ready from memory shares the memory cache's item (one object, not a copy per request) and keeps
/// the install's mark beside it: the kept item itself is never marked.
final class KeptItemTests: XCTestCase {
    func testAKeptItemIsSharedAndMarkedBesideIt() async throws {
        let services = try makeServices()
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil)
        let spotlight = SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .pg)
        let backend = Backend(gateway: gateway, favorites: services.favorites, history: services.searchHistory,
                              spotlight: spotlight, defaultRating: .pg)
        let id = try XCTUnwrap(ItemID("id3"))
        let provider = try backend.providers.provider(of: id)
        let fetched = try await backend.browse.item(ItemQuery(id: id, provider: provider, install: .local)).value()
        XCTAssertEqual(fetched.status, .miss)
        XCTAssertFalse(fetched.value.isFavorite)

        let first = try XCTUnwrap(try backend.browse.item(ItemQuery(id: id, provider: provider, install: .local)).readyValue)
        let second = try XCTUnwrap(try backend.browse.item(ItemQuery(id: id, provider: provider, install: .local)).readyValue)
        XCTAssertEqual(first.status, .hit)
        XCTAssertTrue(first.value.shared === second.value.shared, "every hit shares the one kept item")
        XCTAssertEqual(first.value.item.isFavorite, false)

        guard case .added = try await backend.favorites.add(id: id, install: .local) else { return XCTFail("not added") }
        let marked = try XCTUnwrap(try backend.browse.item(ItemQuery(id: id, provider: provider, install: .local)).readyValue)
        XCTAssertTrue(marked.value.shared === first.value.shared)
        XCTAssertTrue(marked.value.isFavorite)
        XCTAssertEqual(marked.value.item.isFavorite, true, "written with its mark")
        XCTAssertNil(marked.value.shared.value.isFavorite, "the kept item is no install's")
        let unmarked = try XCTUnwrap(try backend.browse.item(ItemQuery(id: id, provider: provider, install: nil)).readyValue)
        XCTAssertFalse(unmarked.value.isFavorite, "a request for no install marks nothing")
    }
}
