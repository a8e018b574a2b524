import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import Model
import KlipyClient
import PexelsClient
import Service
import TestSupport
import UnsplashClient
import XCTest

/// Issue 14 item 2 through the real server and the fake GIPHY: POST /gif/{id}/events, the
/// background pingbacks, the install's random_id, and what never happens (budget, waiting, keys).
final class AnalyticsTests: XCTestCase {
    private let pingbackPath = "/v2/pingback_simple"

    func testAnEventIsAcceptedAtOnceAndTheFakeReceivesOnePingbackWithRandomIDAndTimestamp() async throws {
        let api = try APIHarness(self)
        let ids = try itemIDs(api, "/search?q=cats&limit=3")
        let before = Date()
        let response = try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "click"}"#)
        XCTAssertEqual(response.status, 202)
        XCTAssertEqual(response.json?["accepted"] as? Int, 1)
        try await waitUntil { api.fake.pingbacks.count() == 1 }
        let pingback = try XCTUnwrap(api.fake.pingbacks.all.first)
        XCTAssertEqual(pingback.action, "CLICK")
        XCTAssertEqual(pingback.gifID, ids[0])
        XCTAssertFalse(pingback.carriedKey, "the key is never added to a pingback")
        let randomID = try XCTUnwrap(pingback.randomID)
        XCTAssertFalse(randomID.isEmpty)
        let timestamp = try XCTUnwrap(pingback.timestamp)
        XCTAssertLessThanOrEqual(abs(Double(timestamp) / 1000 - before.timeIntervalSince1970), 30, "ts is now, in milliseconds")
        // Once known, the random_id goes on search and trending calls too.
        XCTAssertEqual(try api.get("/trending?limit=2").status, 200)
        let trending = try XCTUnwrap(api.fake.recordedCalls.last { $0.path == "/v1/gifs/trending" })
        XCTAssertEqual(trending.value(of: "random_id"), randomID)
        try await waitUntil { try api.get("/metrics").text.contains("gif_bff_pingbacks_total{outcome=\"sent\"} 1") }
    }

    /// Without a key, the demo provider takes the pingbacks itself: counted as sent, none
    /// reaching the fake GIPHY (or any server).
    func testInDemoModeThePingbacksAreTakenByTheDemo() async throws {
        let api = try APIHarness(self) { $0.giphyAPIKey = nil }
        XCTAssertEqual(api.app.demoProviders, [.giphy, .klipy, .pexels, .unsplash])
        let ids = try itemIDs(api, "/search?q=cats&limit=2")
        XCTAssertEqual(ids.count, 2)
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "seen", "ids": [\#(list)]}"#).status, 202)
        try await waitUntil { try api.get("/metrics").text.contains("gif_bff_pingbacks_total{outcome=\"sent\"} 2") }
        XCTAssertEqual(api.fake.pingbacks.count(), 0)
        XCTAssertEqual(api.fake.callCount(), 0, "the fake GIPHY is not the demo")
    }

    func testSeenWithAListSendsOnePingbackPerGIF() async throws {
        let api = try APIHarness(self)
        let ids = try itemIDs(api, "/search?q=dogs&limit=5")
        XCTAssertEqual(ids.count, 5)
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let response = try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "seen", "ids": [\#(list)]}"#)
        XCTAssertEqual(response.status, 202)
        XCTAssertEqual(response.json?["accepted"] as? Int, 5, "the path's GIF is in the list once")
        try await waitUntil { api.fake.pingbacks.count(action: "SEEN") == 5 }
        for id in ids { XCTAssertEqual(api.fake.pingbacks.count(action: "SEEN", gifID: id), 1, id) }
    }

    func testBadEventsAre400() async throws {
        let api = try APIHarness(self)
        let id = try itemIDs(api, "/search?q=cats&limit=1")[0]
        let cases: [(String, String, String)] = [
            (id, #"{"action": "liked"}"#, "invalid_parameter"),
            (id, #"{}"#, "invalid_parameter"),
            (id, #"{"action": 3}"#, "invalid_parameter"),
            (id, #"{"action": "click", "ids": ["\#(id)"]}"#, "invalid_parameter"),
            (id, #"{"action": "seen", "ids": "\#(id)"}"#, "invalid_parameter"),
            (id, #"{"action": "seen", "ids": ["no/such id"]}"#, "invalid_parameter"),
            (id, #"{"action": "seen", "ids": [\#(Array(repeating: "\"\(id)\"", count: 101).joined(separator: ","))]}"#, "invalid_parameter"),
            (id, #"{"action": "seen""#, "invalid_body"),
            ("bad!id", #"{"action": "seen"}"#, "invalid_parameter"),
        ]
        for (path, body, code) in cases {
            let response = try api.send("POST", "/gif/\(path)/events", json: body)
            XCTAssertEqual(response.status, 400, body)
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json", body)
            XCTAssertEqual(response.json?["code"] as? String, code, body)
        }
        XCTAssertEqual(try api.send("POST", "/gif/\(id)/events", json: #"{"action": "seen", "ids": []}"#).status, 202)
        await api.app.analytics.flush(within: .seconds(5))
        XCTAssertEqual(api.fake.pingbacks.count(), 1, "only the accepted event was sent")
    }

    func testTheRandomIDIsFetchedOnceAndKeptAcrossARestart() async throws {
        let first = try APIHarness(self)
        let ids = try itemIDs(first, "/search?q=cats&limit=2")
        XCTAssertNil(first.fake.recordedCalls.last { $0.path == "/v1/gifs/search" }?.value(of: "random_id"), "not known yet")
        XCTAssertEqual(first.fake.callCount(path: "/v1/randomid"), 0, "a search never fetches it")
        XCTAssertEqual(try first.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "seen"}"#).status, 202)
        XCTAssertEqual(try first.send("POST", "/gif/\(ids[1])/events", json: #"{"action": "seen"}"#).status, 202)
        try await waitUntil { first.fake.pingbacks.count() == 2 }
        XCTAssertEqual(first.fake.callCount(path: "/v1/randomid"), 1, "fetched by the first pingback, once")
        XCTAssertEqual(try first.get("/search?q=owls&limit=2").status, 200)
        let randomID = try XCTUnwrap(first.fake.recordedCalls.last { $0.path == "/v1/gifs/search" }?.value(of: "random_id"))
        await first.stopApp()

        let second = try APIHarness(self, fake: first.fake, folder: first.folder)
        XCTAssertEqual(try second.get("/trending?limit=3").status, 200)
        let trending = try XCTUnwrap(second.fake.recordedCalls.last { $0.path == "/v1/gifs/trending" })
        XCTAssertEqual(trending.value(of: "random_id"), randomID, "read back from SQLite, on the first call after the restart")
        XCTAssertEqual(second.fake.callCount(path: "/v1/randomid"), 1, "never fetched again")
    }

    func testAnalyticsOffAnswers202AndSendsNothing() async throws {
        let api = try APIHarness(self) { $0.giphyAnalytics = false }
        let ids = try itemIDs(api, "/search?q=cats&limit=2")
        let response = try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "sent"}"#)
        XCTAssertEqual(response.status, 202)
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_pingbacks_total{outcome=\"disabled\"} 1"))
        await api.app.analytics.flush(within: .seconds(2))
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(api.fake.pingbacks.count(), 0)
        XCTAssertEqual(api.fake.callCount(path: "/v1/randomid"), 0, "no random_id is fetched for pingbacks that are off")
    }

    func testPingbacksNeverSpendTheBudget() async throws {
        let api = try APIHarness(self) {
            $0.gateway.callsPerHour = 2
            $0.upstreamSharePercent = 0  // one client spends the whole budget here
        }
        let ids = try itemIDs(api, "/search?q=cats&limit=5")
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "seen", "ids": [\#(list)]}"#).status, 202)
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[1])/events", json: #"{"action": "click"}"#).status, 202)
        try await waitUntil { api.fake.pingbacks.count() == 6 }
        XCTAssertEqual(try api.get("/search?q=dogs&limit=5").status, 200, "the second call of the budget is still there")
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_upstream_budget_remaining{provider=\"giphy\"} 0"))
        // Unknown to the server: counted, never fetched (that would spend the budget).
        XCTAssertEqual(try api.send("POST", "/gif/neverfetched1/events", json: #"{"action": "click"}"#).status, 202)
        try await waitUntil { try api.get("/metrics").text.contains("gif_bff_pingbacks_total{outcome=\"no_links\"} 1") }
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/neverfetched1"), 0)
    }

    func testTheAnswerDoesNotWaitForASlowPingbackHost() async throws {
        let api = try APIHarness(self)
        let ids = try itemIDs(api, "/search?q=cats&limit=2")
        // The host answers after 3 s, inside the pingbacks' deadline (5 s): a pingback sent
        // before the answer would have been received, and counted by the fake, by then.
        api.fake.inject(.delay(milliseconds: 3_000), lifetime: .sticky, path: pingbackPath)
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "seen"}"#).status, 202)
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[1])/events", json: #"{"action": "seen"}"#).status, 202)
        XCTAssertEqual(api.fake.pingbacks.count(), 0, "answered while the pingbacks were still on their way")
        api.fake.clearFaults()
    }

    func testAFailedPingbackIsRetriedOnceThenCountedAsFailed() async throws {
        let api = try APIHarness(self)
        let ids = try itemIDs(api, "/search?q=cats&limit=2")
        api.fake.inject(.serverError, lifetime: .once, path: pingbackPath)
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[0])/events", json: #"{"action": "click"}"#).status, 202)
        try await waitUntil { api.fake.pingbacks.count() == 1 }
        var metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_pingback_retries_total 1"), metrics)
        XCTAssertTrue(metrics.contains("gif_bff_pingbacks_total{outcome=\"sent\"} 1"))

        api.fake.inject(.serverError, lifetime: .times(2), path: pingbackPath)
        XCTAssertEqual(try api.send("POST", "/gif/\(ids[1])/events", json: #"{"action": "sent"}"#).status, 202)
        try await waitUntil { try api.get("/metrics").text.contains("gif_bff_pingbacks_total{outcome=\"failed\"} 1") }
        metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_pingback_retries_total 2"), "one retry, not more")
        XCTAssertEqual(api.fake.pingbacks.count(), 1)
    }

    // MARK: - Helpers

    private func itemIDs(_ api: APIHarness, _ target: String) throws -> [String] {
        let data = try XCTUnwrap(api.get(target).json?["data"] as? [[String: Any]])
        return data.compactMap { $0["id"] as? String }
    }
}
