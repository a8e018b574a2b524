import FakeUnsplash
import FakeUpstream
import Foundation
import Model
import TestSupport
import UnsplashCatalog
import UnsplashClient
import UnsplashDemo
import XCTest

/// The demo Unsplash in-process against what gif-bff served before it: Unsplash's client reading
/// the fake Unsplash over loopback, the same served catalog with its pictures under
/// `mediaOrigin`. Pages, photos and refusals are the same; links are the demo's own from the start.
final class UnsplashDemoParityTests: XCTestCase {
    private static let appName = "parity-app"
    private let demo = UnsplashDemoProvider(appName: UnsplashDemoParityTests.appName)

    /// Unsplash's client on the fake serving the demo's catalog; the fake stops in teardown.
    private func client() throws -> UnsplashClient {
        let fake = FakeUnsplash(catalog: UnsplashDemoMedia.servedCatalog(mediaAt: mediaOrigin + "/media"), hourlyLimit: 100_000)
        let url = try fake.start()
        addTeardownBlock { await fake.stop() }
        return UnsplashClient(configuration: UnsplashClientConfiguration(
            accessKey: FakeUnsplash.defaultAccessKey, baseURL: url, appName: Self.appName))
    }

    func testSearchPagesAreTheClientsOverTheFake() async throws {
        let client = try client()
        // Page 200 is the last Unsplash serves: offset 199 at 1 a page is on it, 200 past it.
        let pages = [(0, 30), (30, 30), (0, 10), (20, 10), (0, 1), (199, 1), (200, 1)]
        for query in ["mountain", "cat", "a tabby cat", "city at night", " beach ", "a", "zzzz"] {
            for order in [nil, "relevant", "latest", "sideways"] {
                for (offset, limit) in pages {
                    let request = SearchRequest(query: query, offset: offset, limit: limit, order: order)
                    let expected = await outcome { try await client.search(request) }?.mapItems(servedByDemo)
                    let served = await outcome { try await demo.search(request) }?.mapItems(withoutUpstreamLinks)
                    XCTAssertEqual(served, expected, "\(request)")
                }
            }
        }
        let blank = SearchRequest(query: " ", offset: 0, limit: 10)
        let expected = await outcome { try await client.search(blank) }
        let served = await outcome { try await demo.search(blank) }
        XCTAssertEqual(served, expected)
        XCTAssertEqual(expected, .failure(.rejected(status: 400)))
    }

    func testEditorialFeedPagesAreTheClients() async throws {
        let client = try client()
        for order in [nil, "latest", "popular", "oldest", "sideways"] {
            for (offset, limit) in [(0, 30), (30, 30), (0, 5), (290, 10), (300, 30)] {
                let request = TrendingRequest(offset: offset, limit: limit, order: order)
                let expected = await outcome { try await client.trending(request) }?.mapItems(servedByDemo)
                let served = await outcome { try await demo.trending(request) }?.mapItems(withoutUpstreamLinks)
                XCTAssertEqual(served, expected, "\(request)")
            }
        }
    }

    /// By id a photo has its location and camera, as Unsplash's detail does.
    func testEveryPhotoByIDIsTheClients() async throws {
        let client = try client()
        for photo in demo.catalog.photos {
            let expected = await outcome { try await client.item(id: photo.id) }?.map(servedByDemo)
            let served = await outcome { try await demo.item(id: photo.id) }?.map(withoutUpstreamLinks)
            XCTAssertEqual(served, expected, photo.id)
        }
        let list = try await demo.search(SearchRequest(query: "cat", offset: 0, limit: 30)).items
        XCTAssertTrue(list.allSatisfy { $0.camera == nil && $0.location == nil }, "a list has neither")
        let unknown = await outcome { try await demo.item(id: "nosuchphoto") }
        XCTAssertEqual(unknown, .failure(.notFound))
        let unknownByClient = await outcome { try await client.item(id: "nosuchphoto") }
        XCTAssertEqual(unknownByClient, .failure(.notFound))
    }

    func testRandomPicksAreTheQuerysPhotosAsByID() async throws {
        let client = try client()
        let pool = Set(demo.catalog.randomPool(query: "snowy mountain").map(\.id))
        XCTAssertFalse(pool.isEmpty)
        for _ in 0..<20 {
            let picked = try await demo.random(tag: "snowy mountain", rating: nil, type: .gifs)
            let id = try XCTUnwrap(ItemID(picked.id)).upstreamID
            XCTAssertTrue(pool.contains(id), id)
            let byID = try await client.item(id: id)
            XCTAssertEqual(withoutUpstreamLinks(picked), servedByDemo(byID))
        }
        let expected = await outcome { try await client.random(tag: "zzzz-nothing", rating: nil) }
        let served = await outcome { try await demo.random(tag: "zzzz-nothing", rating: nil) }
        XCTAssertEqual(served, expected)
        XCTAssertEqual(expected, .failure(.notFound))
    }

    /// No link to rewrite: pictures at this server's paths; downloads tracked by the demo itself,
    /// at a host that never resolves; no hourly limit of its own reported.
    func testLinksAreTheDemosOwnAndDownloadsAreTrackedInProcess() async throws {
        let page = try await demo.search(SearchRequest(query: "mountain", offset: 0, limit: 30))
        XCTAssertEqual(page.items.count, 30)
        for item in page.items {
            for link in mediaLinks(of: item) { XCTAssertTrue(link.hasPrefix("/media/unsplash/"), link) }
            let location = try XCTUnwrap(item.upstreamLinks?.downloadLocation)
            XCTAssertTrue(location.hasPrefix("http://unsplash-demo.invalid/photos/"), location)
        }
        let photo = try XCTUnwrap(page.items.first)
        try await demo.trackDownload(of: photo)
        XCTAssertEqual(demo.downloadsTracked, 1)
        var unknown = photo
        unknown.id = "unsplash:nosuchphoto"
        let unknownDownload = await outcome { try await demo.trackDownload(of: unknown); return true }
        XCTAssertEqual(unknownDownload, .failure(.notFound))
        XCTAssertNil(demo.reportedCallsRemaining)
    }
}
