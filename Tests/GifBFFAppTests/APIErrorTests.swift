import FakeGiphy
import FakeUpstream
import Foundation
import GifBFFApp
import GiphyCatalog
import HTTPServer
import Synchronization
import TestSupport
import XCTest

/// Every row of the error table, produced for real: our validation, the store's rules, and the
/// fake GIPHY's faults reaching us through the real client.
final class APIErrorTests: XCTestCase {
    private func assertProblem(_ response: RawClient.Response, _ status: Int, _ code: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, "\(code): \(response.text)", file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        let json = response.json ?? [:]
        XCTAssertEqual(json["code"] as? String, code, file: file, line: line)
        XCTAssertEqual(json["status"] as? Int, status, file: file, line: line)
        for key in ["type", "title", "detail"] {
            XCTAssertFalse((json[key] as? String ?? "").isEmpty, "\(key) missing", file: file, line: line)
        }
    }

    func testOurValidationIs400NamingTheParameter() async throws {
        let api = try APIHarness(self)
        for (target, parameter) in [("/search?q=cat&limit=0", "limit"), ("/search?q=cat&offset=5000", "offset"),
                                    ("/search?q=\(String(repeating: "a", count: 51))", "q"), ("/search?q=cat&rating=x", "rating"),
                                    ("/gif/not-an-id!", "id"), ("/trending?limit=51", "limit")] {
            let response = try api.get(target)
            assertProblem(response, 400, "invalid_parameter")
            XCTAssertTrue((response.json?["detail"] as? String ?? "").contains(parameter), target)
        }
        XCTAssertEqual(api.fake.callCount(), 0, "validation failures never reach the upstream")
    }

    /// Issue 44: a body that is not UTF-8 is not JSON (RFC 8259 section 8.1): 400 invalid_body,
    /// as malformed JSON is, not an invalid id read from repaired bytes. And a refused id is
    /// described without naming one provider: the API is the same for every provider.
    func testABodyThatIsNotUTF8IsInvalidBodyAndNoDetailNamesAProvider() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap(api.fake.catalog.gifs.first).id
        let notUTF8: [(String, [UInt8])] = [
            ("a lone continuation byte", [0x80]), ("0xFF", [0xFF, 0xFE]), ("an overlong slash", [0xC0, 0xAF]),
            ("a surrogate", [0xED, 0xA0, 0x80]), ("a cut sequence", [0xE2, 0x82]), ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ]
        for (label, bytes) in notUTF8 {
            for (target, body) in [("/favorites", Array("{\"id\":\"".utf8) + bytes + Array("\"}".utf8)),
                                   ("/favorites", Array("{\"id\":\"\(id)\",\"note\":\"".utf8) + bytes + Array("\"}".utf8)),
                                   ("/gif/\(id)/events", Array("{\"action\":\"seen".utf8) + bytes + Array("\"}".utf8))] {
                let client = try RawClient(port: api.app.port, timeout: 10)
                try client.send(Array("POST \(target) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
                let response = try client.readResponse()
                assertProblem(response, 400, "invalid_body")
                XCTAssertEqual(response.json?["detail"] as? String, "The request body is not valid JSON.", "\(label), \(target)")
            }
        }
        XCTAssertEqual(try api.get("/favorites").json?["count"] as? Int, 0, "nothing was added")
        // Valid UTF-8 is still read (a BOM before the value too), and a bad id names no provider.
        XCTAssertEqual(try api.send("POST", "/favorites", json: "\u{FEFF}{\"id\":\"\(id)\",\"note\":\"caf\u{E9} \u{1F600}\"}").status, 201)
        for answer in [try api.send("POST", "/favorites", json: "{\"id\":\"caf\u{E9}\"}"), try api.get("/gif/a-b"),
                       try api.send("DELETE", "/favorites/a%20b"), try api.send("POST", "/items/a.b/download")] {
            assertProblem(answer, 400, "invalid_parameter")
            let detail = answer.json?["detail"] as? String ?? ""
            for provider in ["giphy", "unsplash"] {
                XCTAssertFalse(detail.lowercased().contains(provider), "names \(provider): \(detail)")
            }
            XCTAssertEqual(detail, "Parameter \"id\": must be an item id as answers give it: 1 to 64 letters and digits, "
                               + "or a provider's name, a colon and 1 to 64 letters, digits, - or _.")
        }
    }

    func testUnknownGifAndAbsentFavoriteAre404() async throws {
        let api = try APIHarness(self)
        assertProblem(try api.get("/gif/doesnotexist123"), 404, "gif_not_found")
        assertProblem(try api.send("DELETE", "/favorites/abc123"), 404, "favorite_not_found")
        assertProblem(try api.send("POST", "/favorites", json: "{\"id\":\"doesnotexist123\"}"), 404, "gif_not_found")
        let noMatch = try api.get("/random?tag=zzqqxxnothing")
        assertProblem(noMatch, 404, "gif_not_found")
        XCTAssertTrue((noMatch.json?["detail"] as? String ?? "").contains("zzqqxxnothing"), "the detail names the tag")
    }

    func testFavoritesFullThenOneRemovedThenAdded() async throws {
        let api = try APIHarness(self, favoritesLimit: 3)
        let ids = try XCTUnwrap(api.get("/trending?limit=5").json?["data"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        for id in ids.prefix(3) {
            XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}").status, 201)
        }
        let full = try api.send("POST", "/favorites", json: "{\"id\":\"\(ids[3])\"}")
        assertProblem(full, 409, "favorites_full")
        XCTAssertEqual(try api.send("DELETE", "/favorites/\(ids[0])").status, 204)
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(ids[3])\"}").status, 201)
        let listed = try XCTUnwrap(api.get("/favorites").json?["data"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(listed, [ids[3], ids[2], ids[1]])
    }

    func testFavoritesAreStillListedWhileGIPHYIsDown() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}").status, 201)
        await api.fake.shutdown()
        let list = try api.get("/favorites")
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual((list.json?["data"] as? [[String: Any]])?.first?["id"] as? String, id)
        assertProblem(try api.get("/trending"), 502, "upstream_unavailable")
    }

    func testEveryUpstreamFaultMapsToItsRow() async throws {
        let rows: [(FakeGiphyFault, Int, String)] = [
            (.rateLimited(body: .message, retryAfter: 42), 503, "upstream_rate_limited"),
            (.rateLimited(body: .meta, retryAfter: nil), 503, "upstream_rate_limited"),
            (.unauthorized(body: .message), 502, "upstream_auth"),
            (.unauthorized(body: .meta), 502, "upstream_auth"),
            (.forbidden(body: .meta), 502, "upstream_auth"),
            (.response(status: 400, contentType: "application/json", body: "{\"meta\":{\"status\":400,\"msg\":\"Bad Request\"}}"), 502, "upstream_rejected"),
            (.serverError, 502, "upstream_error"),
            (.serviceUnavailable, 502, "upstream_error"),
            (.notJSON, 502, "upstream_bad_response"),
            (.truncatedJSON, 502, "upstream_bad_response"),
            (.synthetic, 502, "upstream_bad_response"),
            (.delay(milliseconds: 1500), 504, "upstream_timeout"),
        ]
        var failures: [Substring] = []
        // One server per row: a failure that says the upstream is down holds the next calls off
        // (UpstreamHoldOffTests), and each row is about one call.
        for (fault, status, code) in rows {
            let api = try APIHarness(self, upstreamTimeout: .milliseconds(500))
            api.fake.inject(fault)
            let response = try api.get("/search?q=cats&limit=2")
            assertProblem(response, status, code)
            if case .rateLimited(_, let retryAfter) = fault {
                XCTAssertEqual(response.header("Retry-After"), String(retryAfter ?? 60))
            } else {
                let next = try api.get("/search?q=dogs")
                XCTAssertEqual(next.status, 200, "faults were one-shot, and one failure holds nothing off: \(code)")
            }
            // Issue 16.7: the log says why every upstream call failed, one line each, never the key.
            await api.stop()
            failures += api.logSink.capturedText.split(separator: "\n").filter { $0.contains("upstream call failed") }
        }
        XCTAssertEqual(failures.count, rows.count, failures.joined(separator: "\n"))
        XCTAssertTrue(failures.allSatisfy { $0.contains("endpoint=search") && $0.contains("reason=") })
        XCTAssertTrue(failures.contains { $0.contains("outcome=timeout") })
        XCTAssertTrue(failures.contains { $0.contains("outcome=bad_response") && $0.contains("not JSON") })
        XCTAssertFalse(failures.contains { $0.contains(APIHarness.secretKey) })
    }

    /// Issue 24: a soak saw a failing upstream asked 100,000 times a minute. Now two failures in
    /// a row hold it off: the next searches fail fast, with the same code and a Retry-After, and
    /// no call; /metrics counts them; once the wait is over one call probes, and an answer ends it.
    func testAFailingUpstreamIsHeldOffNotAskedAgainAndAgain() async throws {
        let api = try APIHarness(self)
        api.fake.inject(.serverError, lifetime: .sticky)
        for query in ["a", "b"] { assertProblem(try api.get("/search?q=\(query)"), 502, "upstream_error") }
        for query in (0..<20).map({ "held\($0)" }) {
            let held = try api.get("/search?q=\(query)")
            assertProblem(held, 502, "upstream_error")
            XCTAssertEqual(held.header("Retry-After"), "1", query)
        }
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 2, "held-off searches make no call")
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"gif_bff_upstream_held_off_total{endpoint="search",provider="giphy"} 20"#), metrics)

        api.fake.clearFaults()
        try await waitUntil("once the wait is over, a probe is answered and the hold ends", timeout: .seconds(5)) {
            try api.get("/search?q=after").status == 200
        }
        XCTAssertEqual(try api.get("/search?q=next").status, 200)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 4, "one probe, then the next search")
    }

    /// A 429 holds at once, for as long as its Retry-After says.
    func testARateLimitHoldsTheUpstreamOffForItsRetryAfter() async throws {
        let api = try APIHarness(self)
        api.fake.inject(.rateLimited(body: .message, retryAfter: 42), lifetime: .sticky)
        assertProblem(try api.get("/search?q=a"), 503, "upstream_rate_limited")
        let held = try api.get("/search?q=b")
        assertProblem(held, 503, "upstream_rate_limited")
        let retryAfter = try XCTUnwrap(held.header("Retry-After").flatMap(Int.init))
        XCTAssertTrue((41...42).contains(retryAfter), "\(retryAfter)")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 1)
    }

    func testRefusedAndResetConnectionsAreUpstreamUnavailable() async throws {
        let refused = try APIHarness(self, baseURL: try FakeGiphy.refusingBaseURL())
        assertProblem(try refused.get("/trending"), 502, "upstream_unavailable")
        let probe = FakeGiphy()
        addTeardownBlock { await probe.shutdown() }
        let resetURL = try probe.startConnectionResetter()
        let reset = try APIHarness(self, baseURL: resetURL)
        assertProblem(try reset.get("/trending"), 502, "upstream_unavailable")
    }

    func testTheKeyNeverLeaksIntoResponsesOrTheLog() async throws {
        let api = try APIHarness(self, upstreamTimeout: .milliseconds(500))
        let faults: [FakeGiphyFault?] = [nil, .rateLimited(body: .message, retryAfter: 1), .unauthorized(body: .meta),
                                         .forbidden(body: .message), .serverError, .notJSON, .truncatedJSON, .synthetic,
                                         .delay(milliseconds: 1000)]
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        for fault in faults {
            if let fault { api.fake.inject(fault, lifetime: .sticky) }
            _ = try api.get("/search?q=cats")
            _ = try api.get("/trending")
            _ = try api.get("/gif/\(id)")
            _ = try api.get("/random")
            _ = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
            _ = try api.get("/favorites")
            _ = try api.send("DELETE", "/favorites/\(id)")
            _ = try api.get("/search/history")
            api.fake.clearFaults()
        }
        // Stopped before reading the log, so every line is written; teardown stops it again harmlessly.
        await api.stop()
        let responses = api.responses.withLock { $0 }
        XCTAssertGreaterThan(responses.count, 70)
        for response in responses {
            let head = response.headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
            XCTAssertFalse(head.contains(APIHarness.secretKey))
            XCTAssertFalse(response.text.contains(APIHarness.secretKey))
        }
        let log = api.logSink.capturedText
        XCTAssertTrue(log.contains("msg=request"), "the log was captured")
        XCTAssertFalse(log.contains(APIHarness.secretKey), "the key is in the log")
    }
}
