import FakePexels
import FakeUpstream
import Foundation
import Model
import PexelsClient
import TestSupport
import XCTest

/// Every row of the error table from a real answer of the fake Pexels: a refused key, the hourly
/// limit, its 5xx, bodies that are not its JSON, a slow or absent Pexels.
final class PexelsErrorTests: XCTestCase {
    private func searchError(_ harness: PexelsHarness, _ fault: FakePexelsFault? = nil, client: PexelsClient? = nil) async -> UpstreamError? {
        if let fault { harness.fake.inject(fault) }
        let client = client ?? harness.client()
        return await upstreamError { try await client.search(SearchRequest(query: "cat", offset: 0, limit: 10)) }
    }

    func testAWrongKeyIsUnauthorizedAndNeverShown() async throws {
        let harness = try startHarness()
        let wrong = "Bearer \(secretKey)"
        let error = await searchError(harness, client: harness.client(key: wrong))
        XCTAssertEqual(error, .unauthorized(status: 401))
        XCTAssertTrue(harness.log.all.contains { $0.contains("Pexels said: Unauthorized") }, "\(harness.log.all)")
        XCTAssertFalse(harness.log.all.contains { $0.contains(secretKey) })
        let forbidden = await searchError(harness, .status(403, error: "Access to this API has been disallowed"))
        XCTAssertEqual(forbidden, .unauthorized(status: 403))
    }

    /// Past the hourly limit: 429, and no rate-limit header changes what was last reported.
    func testTheHourlyLimitIsRateLimited() async throws {
        let harness = try startHarness(hourlyLimit: 1)
        let client = harness.client()
        _ = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 10))
        let reported = client.reportedCallsRemaining
        let error = await searchError(harness, client: client)
        XCTAssertEqual(error, .rateLimited(retryAfter: nil))
        XCTAssertEqual(client.reportedCallsRemaining, reported, "a 429 carries no X-Ratelimit-Remaining")
        // The fake's own answers: the month's headers on a 2xx only, none on its 429.
        let raw = try RawClient(port: UInt16(harness.baseURL.port ?? 0))
        try raw.send(request("GET", "/v1/curated", headers: ["Authorization: \(secretKey)", "User-Agent: test"]))
        let refusal = try raw.readResponse()
        XCTAssertEqual(refusal.status, 429)
        XCTAssertNil(refusal.header("X-Ratelimit-Remaining"))
        XCTAssertNil(refusal.header("X-Ratelimit-Limit"))
        harness.fake.resetRateLimit()
        let again = try RawClient(port: UInt16(harness.baseURL.port ?? 0))
        try again.send(request("GET", "/v1/curated", headers: ["Authorization: \(secretKey)", "User-Agent: test"]))
        let served = try again.readResponse()
        XCTAssertEqual(served.header("X-Ratelimit-Limit"), String(FakePexels.defaultMonthlyLimit))
        XCTAssertEqual(served.header("X-Ratelimit-Remaining"), String(FakePexels.defaultMonthlyLimit - 1), "both windows refilled")
        XCTAssertNotNil(served.header("X-Ratelimit-Reset").flatMap { Int($0) })
        harness.fake.resetRateLimit()
        let withRetry = await searchError(harness, .response(status: 429, contentType: "application/json", body: #"{"error":"slow down"}"#,
                                                             headers: ["Retry-After": "30"]))
        XCTAssertEqual(withRetry, .rateLimited(retryAfter: 30))
    }

    func testServerErrorsAndBadBodies() async throws {
        let harness = try startHarness()
        let serverError = await searchError(harness, .status(500, error: "Internal Server Error"))
        XCTAssertEqual(serverError, .serverError(status: 500))
        let badRequest = await searchError(harness, .status(400, error: "query is required"))
        XCTAssertEqual(badRequest, .rejected(status: 400))
        guard case .badResponse(let notJSON) = await searchError(harness, .notJSON) else { return XCTFail("not JSON") }
        XCTAssertTrue(notJSON.contains("/v1/search"), notJSON)
        guard case .badResponse = await searchError(harness, .truncatedJSON) else { return XCTFail("truncated JSON") }
        guard case .badResponse = await searchError(harness, .response(status: 200, contentType: "application/json",
                                                                       body: #"{"page":1,"photos":{"id":1}}"#)) else {
            return XCTFail("photos that are not a list")
        }
    }

    func testDownAndSlow() async throws {
        let harness = try startHarness()
        let refused = harness.client(baseURL: try FakePexels.refusingBaseURL())
        guard case .unavailable = await searchError(harness, client: refused) else { return XCTFail("refused") }
        let started = ContinuousClock.now
        let slow = await searchError(harness, .delay(milliseconds: 60_000), client: harness.client(deadline: .milliseconds(300)))
        XCTAssertEqual(slow, .timeout)
        XCTAssertLessThan(ContinuousClock.now - started, eventTimeout)
    }

    /// The admin route arms the faults by name, as `fake-pexels` is driven from outside.
    func testTheAdminRouteArmsFaultsByName() async throws {
        let harness = try startHarness()
        for (name, expected) in [("unauthorized", UpstreamError.unauthorized(status: 401)), ("too_many_requests", .rateLimited(retryAfter: nil)),
                                 ("server_error", .serverError(status: 500))] {
            let admin = try RawClient(port: UInt16(harness.baseURL.port ?? 0))
            try admin.send(request("POST", "/__fault", body: #"{"fault":"\#(name)"}"#))
            XCTAssertEqual(try admin.readResponse().status, 204, name)
            let error = await searchError(harness)
            XCTAssertEqual(error, expected, name)
        }
    }
}
