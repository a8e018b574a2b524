import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import Service
import Model
import GiphyClient
import TestSupport
import XCTest

/// Every row of the upstream error table, produced by the fake and read by the client.
final class ClientErrorTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    private func searchError(_ fault: FakeGiphyFault? = nil, query: String = "cats") async -> UpstreamError? {
        if let fault { harness.fake.inject(fault) }
        let client = harness.client()
        return await upstreamError { try await client.search(SearchRequest(query: query, offset: 0, limit: 5)) }
    }

    func testUnknownIDIsNotFound() async {
        let client = harness.client()
        let error = await upstreamError { try await client.item(id: "doesNotExist123") }
        XCTAssertEqual(error, .notFound)
    }

    func testA404OutsideGetByIDIsARejection() async {
        let error = await searchError(.response(status: 404, contentType: "application/json", body: "{}"))
        XCTAssertEqual(error, .rejected(status: 404))
    }

    func testRandomWithNothingForTheTagIsNotFound() async {
        let client = harness.client()
        let error = await upstreamError { try await client.random(tag: "zzzz-no-such-tag", rating: nil) }
        XCTAssertEqual(error, .notFound)
    }

    func testRateLimitedWithTheMessageBodyAndRetryAfter() async {
        let error = await searchError(.rateLimited(body: .message, retryAfter: 7))
        XCTAssertEqual(error, .rateLimited(retryAfter: 7))
    }

    func testRateLimitedWithTheMetaBodyAndNoRetryAfter() async {
        let error = await searchError(.rateLimited(body: .meta, retryAfter: nil))
        XCTAssertEqual(error, .rateLimited(retryAfter: nil))
    }

    func testARefusedKeyIsUnauthorized() async {
        let client = harness.client(key: "wrong-key")
        let error = await upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        XCTAssertEqual(error, .unauthorized(status: 401))
        let unauthorized = await searchError(.unauthorized(body: .meta))
        XCTAssertEqual(unauthorized, .unauthorized(status: 401))
    }

    func testForbiddenInBothBodyShapesIsUnauthorized() async {
        let withMeta = await searchError(.forbidden(body: .meta))
        XCTAssertEqual(withMeta, .unauthorized(status: 403))
        let withMessage = await searchError(.forbidden(body: .message))
        XCTAssertEqual(withMessage, .unauthorized(status: 403))
    }

    func testAnotherClientErrorIsARejection() async {
        let error = await searchError(query: String(repeating: "a", count: 51))
        XCTAssertEqual(error, .rejected(status: 414))
    }

    func testServerErrors() async {
        let internalError = await searchError(.serverError)
        XCTAssertEqual(internalError, .serverError(status: 500))
        let unavailable = await searchError(.serviceUnavailable)
        XCTAssertEqual(unavailable, .serverError(status: 503))
    }

    func testBodiesThatAreNotAnEnvelopeAreBadResponses() async {
        for fault: FakeGiphyFault in [
            .notJSON, .truncatedJSON, .synthetic,
            .response(status: 200, contentType: "application/json", body: "[1,2]"),
            .response(status: 200, contentType: "application/json", body: ""),
            .response(status: 200, contentType: "application/json", body: #"{"meta":{"status":200,"response_id":"x"}}"#),
        ] {
            let error = await searchError(fault)
            guard case .badResponse = error else {
                XCTFail("\(fault) gave \(String(describing: error))")
                continue
            }
        }
    }

    func testAnErrorStatusInsideA200IsThatError() async {
        let body = #"{"data":[],"meta":{"status":429,"msg":"API rate limit exceeded","response_id":"abc"}}"#
        let error = await searchError(.response(status: 200, contentType: "application/json", body: body))
        XCTAssertEqual(error, .rateLimited(retryAfter: nil))
    }

    func testEmptyResultsWithAResponseIDAreNotSynthetic() async throws {
        let page = try await harness.client().search(SearchRequest(query: "no such thing at all", offset: 0, limit: 5))
        XCTAssertEqual(page.items, [])
        XCTAssertEqual(page.totalCount, 0)
    }

    /// The deadline fires: a timeout, well before the answer (a minute away) would have come, and
    /// not before the deadline. The bounds are the behaviour here, kept far apart from the answer.
    func testTheDeadlineEndsASlowCallAsATimeout() async {
        harness.fake.inject(.delay(milliseconds: 60_000))
        let client = harness.client(deadline: .milliseconds(300))
        let clock = ContinuousClock()
        let start = clock.now
        let error = await upstreamError { try await client.search(SearchRequest(query: "cats", offset: 0, limit: 5)) }
        let elapsed = clock.now - start
        XCTAssertEqual(error, .timeout)
        XCTAssertLessThan(elapsed, eventTimeout, "the deadline must not wait for the slow answer")
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(290))
    }

    func testTheSameClientWorksAfterATimeout() async throws {
        harness.fake.inject(.delay(milliseconds: 1500))
        let client = harness.client(deadline: .milliseconds(200))
        let error = await upstreamError { try await client.item(id: self.harness.fake.catalog.gifs[0].id) }
        XCTAssertEqual(error, .timeout)
        let item = try await client.item(id: harness.fake.catalog.gifs[1].id)
        XCTAssertEqual(item.id, harness.fake.catalog.gifs[1].id)
    }

    func testAConnectionRefusedIsUnavailable() async throws {
        let client = harness.client(baseURL: try FakeGiphy.refusingBaseURL())
        let error = await upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        guard case .unavailable(let reason) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("refused"), reason)
    }

    func testAResetConnectionIsUnavailable() async throws {
        let client = harness.client(baseURL: try harness.fake.startConnectionResetter())
        let error = await upstreamError { try await client.item(id: "abc") }
        guard case .unavailable(let reason) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("reset"), reason)
    }

    func testAnUnresolvableHostIsUnavailable() async throws {
        let url = try XCTUnwrap(URL(string: "http://no-such-host.invalid/v1"))
        let error = await upstreamError { try await self.harness.client(baseURL: url).item(id: "abc") }
        guard case .unavailable(let reason) = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("resolve"), reason)
    }

    /// Cancelled, the call ends then: long before its deadline or the answer (a minute away).
    func testACancelledCallerEndsPromptly() async {
        harness.fake.inject(.delay(milliseconds: 60_000))
        let client = harness.client(deadline: .seconds(120))
        let task = Task { try await client.search(SearchRequest(query: "cats", offset: 0, limit: 5)) }
        try? await Task.sleep(for: .milliseconds(200))
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let result = await task.result
        XCTAssertLessThan(clock.now - start, eventTimeout, "ended when cancelled, not at the deadline or the answer")
        guard case .failure(let error as UpstreamError) = result, case .unavailable = error else {
            return XCTFail("got \(result)")
        }
    }
}
