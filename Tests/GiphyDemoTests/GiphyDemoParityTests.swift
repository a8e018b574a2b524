import FakeGiphy
import Foundation
import GiphyCatalog
import GiphyClient
import GiphyDemo
import Model
import TestSupport
import XCTest

/// The demo GIPHY in-process against what gif-bff served before it: GIPHY's client reading the
/// fake GIPHY over loopback, the same catalog with its pictures under `mediaOrigin`. Pages, items,
/// terms and refusals are the same; links are the demo's own paths from the start.
final class GiphyDemoParityTests: XCTestCase {
    private let demo = GiphyDemoProvider()

    /// GIPHY's client on the fake serving the demo's catalog; the fake stops in teardown.
    private func client() throws -> GiphyClient {
        let fake = FakeGiphy(catalog: GIFCatalog.standard.withMedia(at: mediaOrigin + "/media"))
        let url = try fake.start()
        addTeardownBlock { await fake.shutdown() }
        return GiphyClient(configuration: GiphyClientConfiguration(apiKey: FakeGiphy.defaultAPIKey, baseURL: url))
    }

    func testSearchPagesAreTheClientsOverTheFake() async throws {
        let client = try client()
        let queries = ["cat", "dogs", "happy birthday", "Thumbs Up", "mood", " cat ", "zzzz"]
        let pages = [(0, 24), (24, 24), (0, 50), (48, 1), (5, 5)]
        for query in queries {
            for (offset, limit) in pages {
                for rating in [nil, "g", "pg-13", "r"] {
                    for compact in [false, true] {
                        let request = SearchRequest(query: query, offset: offset, limit: limit, rating: rating,
                                                    compactRenditions: compact)
                        let expected = await outcome { try await client.search(request) }?.mapItems(servedByDemo)
                        let served = await outcome { try await demo.search(request) }?.mapItems(withoutUpstreamLinks)
                        XCTAssertEqual(served, expected, "\(request)")
                    }
                }
            }
        }
    }

    func testStickersAreTheSameGIFs() async throws {
        let client = try client()
        let search = SearchRequest(query: "dogs", offset: 0, limit: 4, type: .stickers)
        let expected = await outcome { try await client.search(search) }?.mapItems(servedByDemo)
        let stickers = await outcome { try await demo.search(search) }?.mapItems(withoutUpstreamLinks)
        XCTAssertEqual(stickers, expected)
        let trending = TrendingRequest(offset: 0, limit: 4, type: .stickers)
        let trendingExpected = await outcome { try await client.trending(trending) }?.mapItems(servedByDemo)
        let trendingStickers = await outcome { try await demo.trending(trending) }?.mapItems(withoutUpstreamLinks)
        XCTAssertEqual(trendingStickers, trendingExpected)
    }

    func testTrendingPagesAreTheClientsOverTheFake() async throws {
        let client = try client()
        for (offset, limit) in [(0, 24), (24, 24), (26, 1), (480, 50), (499, 24), (0, 50)] {
            for rating in [nil, "g", "pg"] {
                for compact in [false, true] {
                    let request = TrendingRequest(offset: offset, limit: limit, rating: rating, compactRenditions: compact)
                    let expected = await outcome { try await client.trending(request) }?.mapItems(servedByDemo)
                    let served = await outcome { try await demo.trending(request) }?.mapItems(withoutUpstreamLinks)
                    XCTAssertEqual(served, expected, "\(request)")
                }
            }
        }
    }

    func testEveryGIFByIDIsTheClients() async throws {
        let client = try client()
        for gif in demo.catalog.gifs {
            let expected = await outcome { try await client.item(id: gif.id) }?.map(servedByDemo)
            let served = await outcome { try await demo.item(id: gif.id) }?.map(withoutUpstreamLinks)
            XCTAssertEqual(served, expected, gif.id)
        }
        let unknown = await outcome { try await demo.item(id: "NoSuchGif0000") }
        XCTAssertEqual(unknown, .failure(.notFound))
        let unknownByClient = await outcome { try await client.item(id: "NoSuchGif0000") }
        XCTAssertEqual(unknownByClient, .failure(.notFound))
    }

    func testRefusalsAreTheClients() async throws {
        let client = try client()
        let tooLong = String(repeating: "a", count: GIFCatalog.maxQueryCharacters + 1)
        for request in [SearchRequest(query: tooLong, offset: 0, limit: 5), SearchRequest(query: "  ", offset: 0, limit: 5),
                        SearchRequest(query: "cat", offset: 0, limit: 5, rating: "x"),
                        SearchRequest(query: "cat", offset: 0, limit: 5, rating: " ")] {
            let expected = await outcome { try await client.search(request) }?.mapItems(servedByDemo)
            let served = await outcome { try await demo.search(request) }?.mapItems(withoutUpstreamLinks)
            XCTAssertEqual(served, expected, "\(request)")
        }
        let tooLongServed = await outcome { try await demo.search(SearchRequest(query: tooLong, offset: 0, limit: 5)) }
        XCTAssertEqual(tooLongServed, .failure(.rejected(status: 414)))
        for (tag, rating) in [("zzzz-nothing", nil), ("cat", "x")] as [(String, String?)] {
            let expected = await outcome { try await client.random(tag: tag, rating: rating) }
            let served = await outcome { try await demo.random(tag: tag, rating: rating) }
            XCTAssertEqual(served, expected, "\(tag) \(rating ?? "")")
        }
    }

    /// A random GIF is one of the tag's (of the rating asked), as that GIF is by id.
    func testRandomPicksAreTheTagsGIFsAsByID() async throws {
        let client = try client()
        let pool = Set(demo.catalog.randomPool(tag: "birthday", rating: RatingFilter(parameter: "g") ?? .all).map(\.id))
        XCTAssertFalse(pool.isEmpty)
        for _ in 0..<20 {
            let picked = try await demo.random(tag: "birthday", rating: "g", type: .gifs)
            XCTAssertTrue(pool.contains(picked.id), picked.id)
            let byID = try await client.item(id: picked.id)
            XCTAssertEqual(withoutUpstreamLinks(picked), servedByDemo(byID))
        }
    }

    func testTermsAreTheClients() async throws {
        let client = try client()
        for query in ["c", "ca", "cat", "hap", "thumbs u", "zz", " ", "Cat"] {
            for limit in [0, 1, 5, 50, 80] {
                let expected = await outcome { try await client.searchSuggestions(for: query, limit: limit) }
                let served = await outcome { try await demo.searchSuggestions(for: query, limit: limit) }
                XCTAssertEqual(served, expected, "\(query) \(limit)")
            }
        }
        let expected = try await client.trendingSearches()
        let trendingSearches = try await demo.trendingSearches()
        XCTAssertEqual(trendingSearches, expected)
        XCTAssertFalse(expected.isEmpty)
    }

    /// No link to rewrite: pictures at this server's paths, pingbacks at a host that never
    /// resolves and taken by the demo itself.
    func testLinksAreTheDemosOwnFromTheStart() async throws {
        let page = try await demo.search(SearchRequest(query: "cat", offset: 0, limit: 50))
        XCTAssertEqual(page.items.count, 50)
        for item in page.items {
            for link in mediaLinks(of: item) { XCTAssertTrue(link.hasPrefix("/media/giphy/"), link) }
            let gif = try XCTUnwrap(demo.catalog.gif(id: item.id))
            let pingbacks = gif.pingbackURLs(base: GiphyDemoProvider.analyticsBase)
            XCTAssertEqual(item.upstreamLinks, UpstreamLinks(onload: pingbacks.onload, onclick: pingbacks.onclick, onsent: pingbacks.onsent))
        }
        let seen = try XCTUnwrap(page.items.first?.upstreamLinks?.onload)
        XCTAssertTrue(seen.hasPrefix("http://giphy-demo.invalid/v2/pingback_simple?"), seen)
        try await demo.ping(seen, at: Date(), install: nil)
        XCTAssertEqual(demo.pingbacksTaken, 1)
    }
}
