import FakeGiphy
import FakeUpstream
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Faults switched on in-process or through the admin endpoint, one-shot or sticky.
final class FaultTests: XCTestCase {
    private var harness: FakeHarness!

    override func setUp() async throws { harness = try FakeHarness() }
    override func tearDown() async throws { await harness.stop() }

    private func search() async throws -> FakeAnswer { try await harness.get("/gifs/search", "q=cats&limit=2") }

    func testRateLimitedInBothShapesWithRetryAfter() async throws {
        harness.fake.inject(.rateLimited(body: .message, retryAfter: 30))
        let message = try await search()
        XCTAssertEqual(message.status, 429)
        XCTAssertEqual(message.headers["retry-after"], "30")
        XCTAssertEqual(message.text, #"{"message":"API rate limit exceeded"}"#)

        harness.fake.inject(.rateLimited(body: .meta, retryAfter: nil))
        let meta = try await search()
        XCTAssertEqual(meta.status, 429)
        XCTAssertNil(meta.headers["retry-after"])
        XCTAssertEqual(meta.meta?["status"] as? Int, 429)
        XCTAssertEqual(meta.meta?["response_id"] as? String, "")
    }

    func testAuthAndServerFaults() async throws {
        let expectations: [(FakeGiphyFault, Int)] = [
            (.unauthorized(body: .message), 401), (.unauthorized(body: .meta), 401),
            (.forbidden(body: .meta), 403), (.forbidden(body: .message), 403),
            (.serverError, 500), (.serviceUnavailable, 503),
        ]
        for (fault, status) in expectations {
            harness.fake.inject(fault)
            let answer = try await search()
            XCTAssertEqual(answer.status, status, "\(fault)")
        }
        let forbidden: FakeGiphyFault = .forbidden(body: .meta)
        harness.fake.inject(forbidden)
        let body = try await search()
        XCTAssertEqual(body.text, #"{"meta":{"status":403,"msg":"Forbidden"}}"#)
    }

    func testBodiesThatAreNotJSONOrCutShort() async throws {
        harness.fake.inject(.notJSON)
        let html = try await search()
        XCTAssertEqual(html.status, 200)
        XCTAssertNil(html.object)
        XCTAssertTrue(html.text.hasPrefix("<html>"))

        harness.fake.inject(.truncatedJSON)
        let cut = try await search()
        XCTAssertEqual(cut.status, 200)
        XCTAssertTrue(cut.text.hasPrefix(#"{"data":[{"#))
        XCTAssertNil(cut.object, "half a body does not parse")
    }

    func testTheSyntheticResponse() async throws {
        harness.fake.inject(.synthetic)
        let answer = try await search()
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.ids, [])
        XCTAssertEqual(answer.meta?["response_id"] as? String, "")
    }

    func testDelay() async throws {
        harness.fake.inject(.delay(milliseconds: 400))
        let clock = ContinuousClock()
        let start = clock.now
        let answer = try await search()
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(390))
        XCTAssertEqual(answer.status, 200, "a delay ends in the normal answer")
        XCTAssertEqual(answer.ids.count, 2)
    }

    func testOneShotStickyCountedAndCleared() async throws {
        harness.fake.inject(.serverError, lifetime: .times(2))
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await search().status) }
        XCTAssertEqual(statuses, [500, 500, 200])

        harness.fake.inject(.serviceUnavailable, lifetime: .sticky)
        statuses = []
        for _ in 0..<3 { statuses.append(try await search().status) }
        XCTAssertEqual(statuses, [503, 503, 503])
        harness.fake.clearFaults()
        let after = try await search()
        XCTAssertEqual(after.status, 200)
    }

    func testAFaultCanBeLimitedToAPath() async throws {
        harness.fake.inject(.serverError, lifetime: .sticky, path: "/v1/gifs/random")
        let search = try await search()
        XCTAssertEqual(search.status, 200)
        let random = try await harness.get("/gifs/random")
        XCTAssertEqual(random.status, 500)
    }

    func testACustomResponse() async throws {
        harness.fake.inject(.response(status: 418, contentType: "text/plain", body: "teapot", headers: ["X-Test": "1"]))
        let answer = try await search()
        XCTAssertEqual(answer.status, 418)
        XCTAssertEqual(answer.text, "teapot")
        XCTAssertEqual(answer.headers["x-test"], "1")
    }

    func testTheAdminEndpoint() async throws {
        let armed = try await harness.admin("POST", "/__fault", body: #"{"fault":"rate_limited","body":"meta","retry_after":9,"times":2}"#)
        XCTAssertEqual(armed.status, 204)
        let first = try await search()
        let second = try await search()
        let third = try await search()
        XCTAssertEqual([first.status, second.status, third.status], [429, 429, 200])
        XCTAssertEqual(first.headers["retry-after"], "9")

        let sticky = try await harness.admin("POST", "/__fault", body: #"{"fault":"delay","delay_ms":1,"sticky":true}"#)
        XCTAssertEqual(sticky.status, 204)
        let cleared = try await harness.admin("DELETE", "/__fault")
        XCTAssertEqual(cleared.status, 204)
        let unknown = try await harness.admin("POST", "/__fault", body: #"{"fault":"meteor"}"#)
        XCTAssertEqual(unknown.status, 400)

        let calls = try await harness.admin("GET", "/__calls")
        XCTAssertEqual(calls.object?["total"] as? Int, 3)
        XCTAssertEqual((calls.object?["by_path"] as? [String: Any])?["/v1/gifs/search"] as? Int, 3)
        let recent = try XCTUnwrap(calls.object?["recent"] as? [[String: Any]], "the latest calls, with their parameters")
        XCTAssertEqual(recent.count, 3)
        XCTAssertEqual(recent.last?["path"] as? String, "/v1/gifs/search")
        let parameters = try XCTUnwrap(recent.last?["parameters"] as? [[String]])
        XCTAssertTrue(parameters.contains(["q", "cats"]), "\(parameters)")
        XCTAssertFalse(parameters.contains { $0.first == "api_key" }, "the key is never shown")
    }

    func testTheAdminEndpointRefusesAMemberOfTheWrongTypeAndArmsNothing() async throws {
        // The first four were armed before, a default taken for the wrong member; the others were refused already.
        for body in [#"{"fault":"server_error","times":"2"}"#, #"{"fault":"server_error","sticky":1}"#,
                     #"{"fault":"server_error","path":7}"#, #"{"fault":"rate_limited","retry_after":"soon"}"#,
                     #"{"fault":"delay","delay_ms":1.5}"#, #"{"fault":["server_error"]}"#] {
            let refused = try await harness.admin("POST", "/__fault", body: body)
            XCTAssertEqual(refused.status, 400, body)
        }
        let named = try await harness.admin("POST", "/__fault", body: #"{"fault":"server_error","times":"2"}"#)
        XCTAssertEqual(named.object?["detail"] as? String, "The fault cannot be read: times is not an integer.")
        let answer = try await search()
        XCTAssertEqual(answer.status, 200, "nothing was armed")
    }

    func testTheResettingListenerResetsAndAClosedPortRefuses() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        for (url, expected) in [(try harness.fake.startConnectionResetter(), URLError.Code.networkConnectionLost),
                                (try FakeGiphy.refusingBaseURL(), URLError.Code.cannotConnectToHost)] {
            do {
                _ = try await session.data(from: url.appendingPathComponent("gifs/trending"))
                XCTFail("\(url) answered")
            } catch let error as URLError {
                XCTAssertEqual(error.code, expected, "\(url)")
            }
        }
    }
}
