import FakeUnsplash
import FakeUpstream
import Foundation
import Service
import Model
import UnsplashClient
import TestSupport
import XCTest

/// Every row of the error table, each from a real answer of the fake or of a raw listener.
final class UnsplashErrorTests: XCTestCase {
    private func searchError(_ harness: UnsplashHarness, _ fault: FakeUnsplashFault? = nil,
                             client: UnsplashClient? = nil) async -> UpstreamError? {
        if let fault { harness.fake.inject(fault) }
        let client = client ?? harness.client()
        return await upstreamError { try await client.search(SearchRequest(query: "cat", offset: 0, limit: 10)) }
    }

    func testAWrongKeyIsUnauthorizedAndUnsplashsMessageIsLogged() async throws {
        let harness = try startHarness()
        let error = await searchError(harness, client: harness.client(key: "wrong"))
        XCTAssertEqual(error, .unauthorized(status: 401))
        XCTAssertTrue(harness.log.all.contains { $0.contains("OAuth error: The access token is invalid") }, "\(harness.log.all)")
    }

    func testForbiddenPlainTextIsRateLimitedButForbiddenJSONIsUnauthorized() async throws {
        let harness = try startHarness()
        let plain = await searchError(harness, .rateLimited)
        XCTAssertEqual(plain, .rateLimited(retryAfter: nil))
        XCTAssertTrue(harness.log.all.contains { $0.contains("Rate Limit Exceeded") })
        let json = await searchError(harness, .status(403, errors: ["Forbidden"]))
        XCTAssertEqual(json, .unauthorized(status: 403))
    }

    func testTooManyRequestsIsRateLimitedWithRetryAfter() async throws {
        let harness = try startHarness()
        let plain = await searchError(harness, .tooManyRequests)
        XCTAssertEqual(plain, .rateLimited(retryAfter: nil))
        let withRetry = await searchError(harness, .response(status: 429, contentType: "application/json",
                                                             body: #"{"errors":["slow down"]}"#, headers: ["Retry-After": "30"]))
        XCTAssertEqual(withRetry, .rateLimited(retryAfter: 30))
    }

    func testStatusRows() async throws {
        let harness = try startHarness()
        let badRequest = await searchError(harness, .status(400, errors: ["per_page is invalid"]))
        XCTAssertEqual(badRequest, .rejected(status: 400))
        XCTAssertTrue(harness.log.all.contains { $0.contains("per_page is invalid") })
        let notFoundOnAList = await searchError(harness, .status(404, errors: ["Not found"]))
        XCTAssertEqual(notFoundOnAList, .rejected(status: 404), "only a lookup by id is 'not found'")
        let serverError = await searchError(harness, .status(500, errors: ["Internal error"]))
        XCTAssertEqual(serverError, .serverError(status: 500))
        let unavailable = await searchError(harness, .response(status: 503, contentType: "text/html", body: "<html>down</html>"))
        XCTAssertEqual(unavailable, .serverError(status: 503))
    }

    func testNotJSONAndTruncatedJSONAreBadResponses() async throws {
        let harness = try startHarness()
        guard case .badResponse(let notJSON) = await searchError(harness, .notJSON) else { return XCTFail("not JSON") }
        XCTAssertTrue(notJSON.contains("/search/photos"), notJSON)
        guard case .badResponse = await searchError(harness, .truncatedJSON) else { return XCTFail("truncated JSON") }
        guard case .badResponse = await searchError(harness, .response(status: 200, contentType: "application/json",
                                                                       body: #"{"total":1,"results":{"id":"x"}}"#)) else {
            return XCTFail("results that are not a list")
        }
    }

    func testTransportFaults() async throws {
        let harness = try startHarness()
        let reset = harness.client(baseURL: try harness.fake.startRawUpstream(.resetAfterRequest))
        let resetError = await searchError(harness, client: reset); guard case .unavailable = resetError else { return XCTFail("reset: \(String(describing: resetError))") }
        let refused = harness.client(baseURL: try FakeUnsplash.refusingBaseURL())
        guard case .unavailable(let reason) = await searchError(harness, client: refused) else { return XCTFail("refused") }
        XCTAssertTrue(reason.contains("refused"), reason)
        let truncated = harness.client(baseURL: try harness.fake.startRawUpstream(.truncatedBody(declared: 5000, sent: 100)))
        guard case .badResponse = await searchError(harness, client: truncated) else { return XCTFail("truncated body") }
    }

    /// The deadline fires: a timeout, well before the answer (a minute away) would have come.
    func testSlowPastTheDeadlineIsATimeout() async throws {
        let harness = try startHarness()
        let started = ContinuousClock.now
        let error = await searchError(harness, .delay(milliseconds: 60_000), client: harness.client(deadline: .milliseconds(300)))
        XCTAssertEqual(error, .timeout)
        XCTAssertLessThan(ContinuousClock.now - started, eventTimeout, "the deadline must not wait for the slow answer")
    }

    func testAHugeBodyIsCancelledAsItArrives() async throws {
        let harness = try startHarness()
        for declares in [true, false] {
            let huge = harness.client(baseURL: try harness.fake.startRawUpstream(.hugeBody(bytes: 50_000_000, declaresLength: declares)),
                                      maxBodyBytes: 64 * 1024)
            guard case .badResponse(let reason) = await searchError(harness, client: huge) else { return XCTFail("huge body") }
            XCTAssertTrue(reason.contains("65536"), reason)
            // Little more than the cap and what loopback's socket buffers hold left the fake.
            let sent = await settledCount { harness.fake.rawUpstreamBodyBytesSent(.hugeBody(bytes: 50_000_000, declaresLength: declares)) }
            XCTAssertLessThan(sent, 16 * 1024 * 1024, "cancelled, not read to the end")
        }
    }
}
