import FakePexels
import FakeUpstream
import Foundation
import Model
import PexelsCatalog
import PexelsClient
import TestSupport
import XCTest

/// Every endpoint against the fake: what is sent, and what comes back.
final class PexelsEndpointTests: XCTestCase {
    func testSearchSendsTheQueryAsTypedAPageFromTheOffsetAndTheBareKey() async throws {
        let harness = try startHarness()
        let page = try await harness.client().search(SearchRequest(query: "Mountain", offset: 20, limit: 10))
        let all = harness.fake.catalog.search("Mountain")
        XCTAssertEqual(page.offset, 20)
        XCTAssertEqual(page.count, 10)
        XCTAssertEqual(page.items.map(\.id), all[20..<30].map { "pexels:\($0.id)" })
        XCTAssertEqual(page.totalCount, all.count)
        XCTAssertTrue(page.items.allSatisfy { $0.provider == .pexels })
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/v1/search")
        XCTAssertEqual(call.value(of: "query"), "Mountain", "as typed")
        XCTAssertEqual(call.value(of: "page"), "3")
        XCTAssertEqual(call.value(of: "per_page"), "10")
        XCTAssertEqual(call.headers.first { $0.name == "authorization" }?.value, secretKey, "the key bare: no Bearer, no Client-ID")
        XCTAssertFalse(call.parameters.contains { $0.value.contains(secretKey) })
        XCTAssertEqual(call.headers.first { $0.name == "user-agent" }?.value, "gif-bff")
    }

    /// Pexels refuses a call without a User-Agent (libcurl sends none unless told): 403.
    func testACallWithoutAUserAgentIsRefused() throws {
        let harness = try startHarness()
        let raw = try RawClient(port: UInt16(harness.baseURL.port ?? 0))
        try raw.send(request("GET", "/v1/curated", headers: ["Authorization: \(secretKey)"]))
        XCTAssertEqual(try raw.readResponse().status, 403)
        let named = try RawClient(port: UInt16(harness.baseURL.port ?? 0))
        try named.send(request("GET", "/v1/curated", headers: ["Authorization: \(secretKey)", "User-Agent: test"]))
        XCTAssertEqual(try named.readResponse().status, 200)
    }

    func testCuratedIsTrending() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let first = try await client.trending(TrendingRequest(offset: 0, limit: 30))
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/v1/curated")
        XCTAssertEqual(first.items.map(\.id), harness.fake.catalog.curated.prefix(30).map { "pexels:\($0.id)" })
        XCTAssertEqual(first.totalCount, harness.fake.catalog.photos.count)
        let second = try await client.trending(TrendingRequest(offset: 30, limit: 30))
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "page"), "2")
        XCTAssertEqual(second.items.map(\.id), harness.fake.catalog.curated[30..<60].map { "pexels:\($0.id)" })
    }

    /// The last page has no `next_page`: the list ends with its photos. Past the end, an empty page.
    func testTheLastPageHasNoNextPageAndEndsTheList() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let all = harness.fake.catalog.search("cat")
        let limit = 10
        let lastOffset = (all.count - 1) / limit * limit
        let last = try await client.search(SearchRequest(query: "cat", offset: lastOffset, limit: limit))
        XCTAssertEqual(last.items.count, all.count - lastOffset)
        XCTAssertEqual(last.totalCount, all.count)
        let beyond = try await client.search(SearchRequest(query: "cat", offset: lastOffset + limit, limit: limit))
        XCTAssertEqual(beyond.items, [])
        XCTAssertEqual(beyond.count, 0)
    }

    /// A page whose `total_results` promises more than `next_page` gives ends where its photos end.
    func testAMissingNextPageWinsOverTotalResults() async throws {
        let harness = try startHarness()
        let photo = try XCTUnwrap(harness.fake.catalog.photos.first)
        let body = #"{"page":1,"per_page":2,"photos":[{"id":\#(photo.id),"width":4000,"height":3000,"url":"https://www.pexels.com/photo/x-\#(photo.id)/","src":{"original":"https://images.pexels.com/photos/\#(photo.id)/pexels-photo-\#(photo.id).jpeg"}}],"total_results":8000}"#
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: body))
        let page = try await harness.client().search(SearchRequest(query: "cat", offset: 0, limit: 2))
        XCTAssertEqual(page.totalCount, 1, "no next_page: the list ends here")
        let withNext = body.replacingOccurrences(of: #""total_results":8000"#, with: #""total_results":8000,"next_page":"https://api.pexels.com/v1/search/?page=2&per_page=2&query=cat""#)
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: withNext))
        let more = try await harness.client().search(SearchRequest(query: "cat", offset: 0, limit: 2))
        XCTAssertEqual(more.totalCount, 8000)
    }

    func testAPhotoByIDAndAnUnknownOne() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let photo = try XCTUnwrap(harness.fake.catalog.photos.dropFirst(7).first)
        let item = try await client.item(id: String(photo.id))
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/v1/photos/\(photo.id)")
        XCTAssertEqual(item.id, "pexels:\(photo.id)")
        let unknown = await upstreamError { try await client.item(id: "1") }
        XCTAssertEqual(unknown, .notFound)
    }

    func testRandomPicksFromAFullPageOfTheSearchOrOfCurated() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let item = try await client.random(tag: "dog", rating: nil, type: .gifs)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/v1/search")
        XCTAssertEqual(call.value(of: "per_page"), "80")
        XCTAssertTrue(harness.fake.catalog.search("dog").contains { "pexels:\($0.id)" == item.id })
        _ = try await client.random(tag: " ", rating: nil, type: .gifs)
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/v1/curated")
        let none = await upstreamError { try await client.random(tag: "zzzqqq", rating: nil, type: .gifs) }
        XCTAssertEqual(none, .notFound)
    }

    /// `X-Ratelimit-Remaining` (the month's calls left) is read from each 2xx answer.
    func testTheRemainingCallsAreReadFromEachAnswer() async throws {
        let harness = try startHarness()
        let client = harness.client()
        XCTAssertNil(client.reportedCallsRemaining)
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 5))
        XCTAssertEqual(client.reportedCallsRemaining?.calls, FakePexels.defaultMonthlyLimit - 1)
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 5))
        XCTAssertEqual(client.reportedCallsRemaining?.calls, FakePexels.defaultMonthlyLimit - 2)
    }
}
