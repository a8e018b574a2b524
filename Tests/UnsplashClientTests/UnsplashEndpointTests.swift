import FakeUnsplash
import FakeUpstream
import Foundation
import Service
import Model
import UnsplashCatalog
import UnsplashClient
import TestSupport
import XCTest

/// Every endpoint against the fake: what is sent, and what comes back.
final class UnsplashEndpointTests: XCTestCase {
    func testSearchSendsPageFromOffsetAndTheKeyOnlyAsAHeader() async throws {
        let harness = try startHarness()
        let page = try await harness.client().search(SearchRequest(query: "mountain", offset: 20, limit: 10, order: "latest"))
        XCTAssertEqual(page.offset, 20)
        XCTAssertEqual(page.count, 10)
        XCTAssertEqual(page.items.count, 10)
        XCTAssertEqual(page.totalCount, harness.fake.catalog.search("mountain").count)
        let expected = harness.fake.catalog.search("mountain", order: .latest)[20..<30].map { "unsplash:" + $0.id }
        XCTAssertEqual(page.items.map(\.id), expected)
        XCTAssertTrue(page.items.allSatisfy { $0.provider == .unsplash })
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/search/photos")
        XCTAssertEqual(call.value(of: "query"), "mountain")
        XCTAssertEqual(call.value(of: "page"), "3")
        XCTAssertEqual(call.value(of: "per_page"), "10")
        XCTAssertEqual(call.value(of: "order_by"), "latest")
        XCTAssertEqual(call.headers.first { $0.name == "authorization" }?.value, "Client-ID \(secretKey)")
        XCTAssertEqual(call.headers.first { $0.name == "accept-version" }?.value, "v1")
        XCTAssertFalse(call.parameters.contains { $0.value.contains(secretKey) || $0.name.contains("client_id") })
    }

    func testSearchPastTheEndIsAnEmptyPage() async throws {
        let harness = try startHarness()
        let page = try await harness.client().search(SearchRequest(query: "cat", offset: 3000, limit: 30))
        XCTAssertEqual(page.items, [])
        XCTAssertEqual(page.count, 0)
        XCTAssertEqual(page.offset, 3000)
    }

    func testTrendingIsTheEditorialFeedLatestByDefaultWithXTotal() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let latest = try await client.trending(TrendingRequest(offset: 0, limit: 30))
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "order_by"), "latest")
        XCTAssertEqual(latest.items.map(\.id), harness.fake.catalog.feed(order: .latest).prefix(30).map { "unsplash:" + $0.id })
        XCTAssertEqual(latest.totalCount, harness.fake.catalog.photos.count, "from X-Total")
        let popular = try await client.trending(TrendingRequest(offset: 30, limit: 30, order: "popular"))
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "page"), "2")
        XCTAssertEqual(popular.items.map(\.id), harness.fake.catalog.feed(order: .popular)[30..<60].map { "unsplash:" + $0.id })
    }

    func testPhotoByIDCarriesCameraAndLocationWhenKnown() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let photos = harness.fake.catalog.photos
        let withExif = try XCTUnwrap(photos.first { $0.exif?.make != nil && $0.location != nil })
        let item = try await client.item(id: withExif.id)
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/photos/\(withExif.id)")
        XCTAssertEqual(item.id, "unsplash:" + withExif.id)
        XCTAssertEqual(item.camera?.make, withExif.exif?.make)
        XCTAssertEqual(item.camera?.iso, withExif.exif?.iso)
        XCTAssertEqual(item.location?.name, withExif.location?.name)
        XCTAssertEqual(item.location?.city, withExif.location?.city)
        XCTAssertEqual(item.location?.country, withExif.location?.country)

        let allNull = try XCTUnwrap(photos.first { $0.exif == nil && $0.location == nil })
        let plain = try await client.item(id: allNull.id)
        XCTAssertNil(plain.camera, "every EXIF field null: no camera")
        XCTAssertNil(plain.location, "every location part null: no location")
    }

    func testLocationKeepsOnlyThePartsPresent() async throws {
        let harness = try startHarness()
        let cityOnly = try XCTUnwrap(harness.fake.catalog.photos.first { $0.location?.name == nil && $0.location?.city != nil })
        let item = try await harness.client().item(id: cityOnly.id)
        XCTAssertEqual(item.location, PhotoLocation(name: nil, city: cityOnly.location?.city, country: cityOnly.location?.country))
    }

    func testNullDescriptionFallsBackToAltDescription() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let noDescription = try XCTUnwrap(harness.fake.catalog.photos.first { $0.description == nil })
        let fallback = try await client.item(id: noDescription.id)
        XCTAssertEqual(fallback.title, noDescription.altDescription)
        XCTAssertEqual(fallback.altText, noDescription.altDescription)
        let described = try XCTUnwrap(harness.fake.catalog.photos.first { $0.description != nil })
        let item = try await client.item(id: described.id)
        XCTAssertEqual(item.title, described.description)
        XCTAssertEqual(item.altText, described.altDescription)
    }

    func testUnknownIDIsNotFoundAndIDsArePercentEncoded() async throws {
        let harness = try startHarness()
        let error = await upstreamError { try await harness.client().item(id: "no such/photo?x") }
        XCTAssertEqual(error, .notFound)
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/photos/no such/photo?x", "one path segment, decoded by the fake")
    }

    func testRandomWithATagSearchesAndWithoutAMatchIsNotFound() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let item = try await client.random(tag: "cat", rating: "g", type: .stickers)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/photos/random")
        XCTAssertEqual(call.value(of: "query"), "cat")
        XCTAssertNil(call.value(of: "rating"), "rating means nothing at Unsplash")
        let id = String(item.id.dropFirst("unsplash:".count))
        XCTAssertTrue(harness.fake.catalog.search("cat").contains { $0.id == id })
        let error = await upstreamError { try await client.random(tag: "zzzqqq", rating: nil) }
        XCTAssertEqual(error, .notFound)
    }

    func testTrackDownloadCallsTheDownloadLocationOnceWithKeyAndIxid() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let photo = harness.fake.catalog.photos[7]
        let item = try await client.item(id: photo.id)
        let location = try XCTUnwrap(item.upstreamLinks?.downloadLocation)
        XCTAssertTrue(location.contains("ixid=\(photo.ixid)"), location)
        try await client.trackDownload(of: item)
        XCTAssertEqual(harness.fake.downloadCount(id: photo.id), 1)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/photos/\(photo.id)/download")
        XCTAssertEqual(call.value(of: "ixid"), photo.ixid, "the query is kept as given")
        XCTAssertEqual(call.headers.first { $0.name == "authorization" }?.value, "Client-ID \(secretKey)")
    }

    /// The demo catalog listens on a new port each start, and kept photos (favorites, cached pages)
    /// keep the old one: their own download path is called on today's base URL, query kept.
    func testTrackDownloadOfAPhotoKeptFromAnotherBaseURLCallsTheSamePathOnOurs() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let photo = harness.fake.catalog.photos[5]
        var item = try await client.item(id: photo.id)
        let old = try FakeUnsplash.refusingBaseURL().absoluteString + "/photos/\(photo.id)/download?ixid=\(photo.ixid)"
        item.upstreamLinks = UpstreamLinks(downloadLocation: old)
        try await client.trackDownload(of: item)
        XCTAssertEqual(harness.fake.downloadCount(id: photo.id), 1)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/photos/\(photo.id)/download")
        XCTAssertEqual(call.value(of: "ixid"), photo.ixid)
        XCTAssertEqual(call.headers.first { $0.name == "authorization" }?.value, "Client-ID \(secretKey)")
    }

    func testTrackDownloadNeverSendsTheKeyToAnotherHost() async throws {
        let harness = try startHarness()
        let client = harness.client()
        var item = try await client.item(id: harness.fake.catalog.photos[3].id)
        let before = harness.fake.callCount()
        let elsewhere = try FakeUnsplash.refusingBaseURL().absoluteString + "/photos/x/download?ixid=1"
        item.upstreamLinks = UpstreamLinks(downloadLocation: elsewhere)
        guard case .badResponse = await upstreamError({ try await client.trackDownload(of: item) }) else {
            return XCTFail("a download location on another host is refused")
        }
        item.upstreamLinks = nil
        guard case .badResponse = await upstreamError({ try await client.trackDownload(of: item) }) else {
            return XCTFail("no download location is a bad response")
        }
        XCTAssertEqual(harness.fake.callCount(), before)
    }

    func testReportedCallsRemainingFollowsTheHeaderOnEveryAnswer() async throws {
        let harness = try startHarness(hourlyLimit: 3)
        let client = harness.client()
        XCTAssertNil(client.reportedCallsRemaining)
        _ = try await client.search(SearchRequest(query: "city", offset: 0, limit: 5))
        XCTAssertEqual(client.reportedCallsRemaining?.calls, 2)
        _ = await upstreamError { try await client.item(id: "unknown") }
        XCTAssertEqual(client.reportedCallsRemaining?.calls, 1, "an error answer reports too")
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 5))
        XCTAssertEqual(client.reportedCallsRemaining?.calls, 0)
        let error = await upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        XCTAssertEqual(error, .rateLimited(retryAfter: nil), "the 403 plain-text answer over the limit")
        XCTAssertEqual(client.reportedCallsRemaining?.calls, 0)
        let age = try XCTUnwrap(client.reportedCallsRemaining?.at.timeIntervalSinceNow)
        XCTAssertLessThan(abs(age), 10)
    }
}
