import FakeKlipy
import FakeUpstream
import Foundation
import KlipyCatalog
import KlipyClient
import Model
import TestSupport
import XCTest

/// The client over HTTP against the fake KLIPY: KLIPY's paths and parameters, paging by page
/// number, the install's pseudonym, the content filter, the formats asked, and every error row.
final class KlipyClientTests: XCTestCase {
    func testSearchAsksKlipysPathsAndMapsItsItems() async throws {
        let harness = try startKlipy()
        let page = try await harness.client().search(SearchRequest(query: "cat", offset: 0, limit: 8, lang: "en"))
        XCTAssertEqual(page.items.count, 8)
        XCTAssertEqual(page.count, 8)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/api/v1/\(klipyKey)/gifs/search")
        XCTAssertEqual(call.value(of: "q"), "cat")
        XCTAssertEqual(call.value(of: "page"), "1")
        XCTAssertEqual(call.value(of: "per_page"), "8")
        XCTAssertEqual(call.value(of: "locale"), "en")
        XCTAssertEqual(call.value(of: "format_filter"), "gif,webp,jpg,mp4", "webm is never asked for")
        let item = try XCTUnwrap(page.items.first)
        XCTAssertEqual(item.provider, .klipy)
        XCTAssertTrue(item.id.hasPrefix("klipy:"), item.id)
        XCTAssertTrue(item.url.hasPrefix("https://klipy.com/gifs/"), item.url)
        XCTAssertEqual(item.attribution?.text, "Powered by KLIPY")
        XCTAssertEqual(Set(item.images.names), ["preview", "still", "fixed_width", "downsized", "original", "original_still"])
        let fixed = try XCTUnwrap(item.images["fixed_width"])
        XCTAssertEqual(fixed.width, 220)
        XCTAssertTrue(fixed.url.hasSuffix("/sm/\(try XCTUnwrap(item.url.split(separator: "/").last)).gif"), fixed.url)
        XCTAssertNotNil(fixed.mp4)
        XCTAssertNotNil(fixed.webp)
        XCTAssertTrue(item.images["still"]?.url.hasSuffix(".jpg") == true)
        XCTAssertNil(item.images["still"]?.mp4)
    }

    func testPagingGoesByPageNumberAndTheLastPageKnowsItsTotal() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        let all = harness.fake.catalog.search("cat", kind: .gif, filter: .off)
        XCTAssertGreaterThan(all.count, 8)
        let second = try await client.search(SearchRequest(query: "cat", offset: 8, limit: 8))
        XCTAssertEqual(harness.lastValue("page"), "2")
        XCTAssertEqual(second.offset, 8)
        XCTAssertEqual(second.items.first?.id, "klipy:\(all[8].id)")
        let hasNext = all.count > 16
        XCTAssertEqual(second.totalCount, hasNext ? nil : all.count, "no total while has_next is true")
        let last = try await client.search(SearchRequest(query: "cat", offset: (all.count / 8) * 8, limit: 8))
        XCTAssertEqual(last.totalCount, all.count, "the last page's total is its offset and count")
    }

    func testTrendingStickersAndTheItemEndpoint() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        let stickers = try await client.trending(TrendingRequest(offset: 0, limit: 10, type: .stickers))
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/api/v1/\(klipyKey)/stickers/trending")
        let sticker = try XCTUnwrap(stickers.items.first)
        XCTAssertTrue(sticker.id.hasPrefix("klipy:sticker-"), sticker.id)
        XCTAssertTrue(sticker.url.hasPrefix("https://klipy.com/stickers/"), sticker.url)
        let again = try await client.item(id: String(sticker.id.dropFirst("klipy:".count)))
        XCTAssertEqual(again, sticker)
        XCTAssertEqual(harness.fake.recordedCalls.last?.path, "/api/v1/\(klipyKey)/stickers/items")
        let gifs = try await client.trending(TrendingRequest(offset: 0, limit: 10))
        let gif = try XCTUnwrap(gifs.items.first)
        let found = try await client.item(id: String(gif.id.dropFirst("klipy:".count)))
        XCTAssertEqual(found, gif)
        XCTAssertEqual(harness.lastValue("ids"), String(gif.id.dropFirst("klipy:".count)))
        let missing = await upstreamError { try await client.item(id: "1234567890123456") }
        XCTAssertEqual(missing, .notFound, "an empty list is an unknown id")
        let notOurs = await upstreamError { try await client.item(id: "../trending") }
        XCTAssertEqual(notOurs, .notFound)
    }

    func testCustomerIDIsOnePseudonymPerInstallNeverTheKeyOrTheInstall() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        let first = try XCTUnwrap(InstallID("0123456789abcdef0123456789abcdef"))
        let second = try XCTUnwrap(InstallID("fedcba9876543210fedcba9876543210"))
        _ = try await client.search(SearchRequest(query: "dog", offset: 0, limit: 8, install: first))
        let sent = try XCTUnwrap(harness.lastValue("customer_id"))
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 8, install: first))
        XCTAssertEqual(harness.lastValue("customer_id"), sent, "stable for the install")
        _ = try await client.search(SearchRequest(query: "dog", offset: 0, limit: 8, install: second))
        let other = try XCTUnwrap(harness.lastValue("customer_id"))
        XCTAssertNotEqual(other, sent, "one per install")
        for value in [sent, other] {
            XCTAssertEqual(value.count, 32)
            XCTAssertFalse([first.rawValue, second.rawValue, klipyKey].contains(value))
        }
        _ = try await client.search(SearchRequest(query: "dog", offset: 0, limit: 8))
        XCTAssertNil(harness.lastValue("customer_id"), "a request of no install names none")
    }

    func testTheContentCeilingBecomesKlipysContentFilter() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        var seen: [String?] = []
        for rating in ["g", "pg", "pg-13", "r"] {
            _ = try await client.trending(TrendingRequest(offset: 0, limit: 50, rating: rating))
            seen.append(harness.lastValue("content_filter"))
        }
        XCTAssertEqual(seen, ["high", "medium", "low", nil])
        let strict = try await client.trending(TrendingRequest(offset: 0, limit: 50, rating: "g"))
        let loose = try await client.trending(TrendingRequest(offset: 0, limit: 50, rating: "r"))
        let allowed = Set(harness.fake.catalog.items.filter { $0.maturity == 0 }.map { "klipy:\($0.id)" })
        XCTAssertTrue(strict.items.allSatisfy { allowed.contains($0.id) }, "only what KLIPY's high filter lets through")
        XCTAssertFalse(loose.items.allSatisfy { allowed.contains($0.id) })
    }

    func testErrorRows() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        func searchError(_ fault: FakeKlipyFault? = nil, client other: KlipyClient? = nil) async -> UpstreamError? {
            if let fault { harness.fake.inject(fault) }
            return await upstreamError { try await (other ?? client).search(SearchRequest(query: "cat", offset: 0, limit: 8)) }
        }
        let wrongKey = await searchError(client: harness.client(key: "wrong"))
        XCTAssertEqual(wrongKey, .unauthorized(status: 401))
        XCTAssertTrue(harness.log.all.contains { $0.contains("unknown app key") }, "\(harness.log.all)")
        let forbidden = await searchError(.status(403, message: "App disabled"))
        XCTAssertEqual(forbidden, .unauthorized(status: 403))
        let limited = await searchError(.tooManyRequests)
        XCTAssertEqual(limited, .rateLimited(retryAfter: 42))
        let serverError = await searchError(.status(502, message: "Bad Gateway"))
        XCTAssertEqual(serverError, .serverError(status: 502))
        let invalid = await searchError(.status(422, message: "The per page must be between 8 and 50."))
        XCTAssertEqual(invalid, .rejected(status: 422))
        guard case .badResponse(let resultFalse) = await searchError(.resultFalse) else { return XCTFail("result false") }
        XCTAssertTrue(resultFalse.contains("result false"), resultFalse)
        guard case .badResponse(let notJSON) = await searchError(.notJSON) else { return XCTFail("not JSON") }
        XCTAssertTrue(notJSON.contains("/api/v1/{app_key}/gifs/search"), notJSON)
        guard case .badResponse = await searchError(.truncatedJSON) else { return XCTFail("truncated") }
        let slow = await upstreamError {
            harness.fake.inject(.delay(milliseconds: 1_500))
            return try await harness.client(deadline: .milliseconds(300)).search(SearchRequest(query: "cat", offset: 0, limit: 8))
        }
        XCTAssertEqual(slow, .timeout)
        let down = await upstreamError {
            try await harness.client(baseURL: try FakeKlipy.refusingBaseURL()).search(SearchRequest(query: "cat", offset: 0, limit: 8))
        }
        guard case .unavailable = down else { return XCTFail("down: \(String(describing: down))") }
        for line in harness.log.all { XCTAssertFalse(line.contains("sEcReT"), line) }
    }

    func testTheMinuteLimitAnswers429WithItsHeaders() async throws {
        let harness = try startKlipy(minuteLimit: 2)
        let client = harness.client()
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 8))
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 8))
        guard case .rateLimited(let retryAfter?) = await upstreamError({ try await client.trending(TrendingRequest(offset: 0, limit: 8)) })
        else { return XCTFail("the third call of the minute is refused with Retry-After") }
        XCTAssertTrue((1...60).contains(retryAfter), "\(retryAfter)")
    }
}
