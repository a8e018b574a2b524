import ProviderHTTP
import DemoMedia
import FakePexels
import FakeUpstream
import Foundation
import Model
import PexelsCatalog
import PexelsClient
import PexelsDemo
import TestSupport
import XCTest

/// Where the two paths meet: the demo provider (in-process) answers as Pexels' client reading the
/// fake Pexels serving the same served catalog with its pictures under `mediaOrigin`, item for
/// item, page for page; links are the demo's own from the start.
final class PexelsDemoParityTests: XCTestCase {
    private func paths() throws -> (demo: PexelsDemoProvider, client: PexelsClient) {
        let demo = PexelsDemoProvider()
        let fake = FakePexels(apiKey: secretKey, catalog: PexelsDemoMedia.servedCatalog(mediaAt: mediaOrigin + "/media"),
                              hourlyLimit: 10_000)
        let url = try fake.start()
        let client = PexelsClient(configuration: KeyedClientConfiguration(apiKey: secretKey, baseURL: url))
        addTeardownBlock {
            await client.shutdown()
            await fake.stop()
        }
        return (demo, client)
    }

    func testPagesAndItemsAreTheClients() async throws {
        let (demo, client) = try paths()
        let count = demo.catalog.search("cat").count
        for request in [SearchRequest(query: "cat", offset: 0, limit: 10), SearchRequest(query: "cat", offset: count / 10 * 10, limit: 10),
                        SearchRequest(query: "cat", offset: 500, limit: 50), SearchRequest(query: "Sunset Beach", offset: 0, limit: 30)] {
            let expected = await outcome { try await client.search(request) }?.mapItems(servedByDemo)
            let served = await outcome { try await demo.search(request) }
            XCTAssertEqual(served, expected, "\(request)")
        }
        for request in [TrendingRequest(offset: 0, limit: 30), TrendingRequest(offset: 270, limit: 30), TrendingRequest(offset: 300, limit: 30)] {
            let expected = await outcome { try await client.trending(request) }?.mapItems(servedByDemo)
            let served = await outcome { try await demo.trending(request) }
            XCTAssertEqual(served, expected, "\(request)")
        }
        let photo = try XCTUnwrap(demo.catalog.photos.last)
        let expected = await outcome { try await client.item(id: String(photo.id)) }?.map(servedByDemo)
        let served = await outcome { try await demo.item(id: String(photo.id)) }
        XCTAssertEqual(served, expected)
        let demoMissing = await upstreamError { try await demo.item(id: "1") }
        let clientMissing = await upstreamError { try await client.item(id: "1") }
        XCTAssertEqual(demoMissing, clientMissing)
    }

    /// Each rendition the demo states is drawn at that size.
    func testEveryStatedRenditionIsDrawnAtItsSize() async throws {
        let demo = PexelsDemoProvider()
        let page = try await demo.trending(TrendingRequest(offset: 0, limit: 20))
        for item in page.items {
            for (name, rendition) in item.images {
                let parts = rendition.url.split(separator: "/")
                let picture = try demo.media.picture(key: String(parts[parts.count - 2]), name: String(parts[parts.count - 1]), query: [:])
                guard case .photo(_, _, let width, let height) = picture else { return XCTFail("\(name): \(picture)") }
                XCTAssertEqual([width, height], [rendition.width, rendition.height], "\(item.id) \(name)")
            }
        }
        XCTAssertThrowsError(try demo.media.picture(key: "1", name: "small", query: [:]))
        XCTAssertThrowsError(try demo.media.picture(key: String(demo.catalog.photos[0].id), name: "tiny", query: [:]))
    }
}
