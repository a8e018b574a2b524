import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import TestSupport
import XCTest

/// Issue 7 through the real server and the fake GIPHY: cache, stale, coalescing, budget, spotlight, 304, metrics.
final class CachingTests: XCTestCase {
    private let searchPath = "/v1/gifs/search"

    func testAFreshAnswerIsServedWithoutAnUpstreamCall() async throws {
        let api = try APIHarness(self)
        let first = try api.get("/search?q=cats&limit=5")
        XCTAssertEqual(first.header("X-Cache"), "MISS")
        XCTAssertNil(first.header("Age"))
        // The same request, spelled differently: same normalized key.
        let second = try api.get("/search?q=%20CATS%20&limit=5")
        XCTAssertEqual(second.header("X-Cache"), "HIT")
        XCTAssertNotNil(second.header("Age"))
        XCTAssertTrue(second.text == first.text, "the cached answer is the same bytes")
        XCTAssertEqual(api.fake.callCount(path: searchPath), 1)
        XCTAssertEqual(try api.get("/search?q=cats&limit=6").header("X-Cache"), "MISS", "another limit is another page")
    }

    func testStaleAnswersAreServedWhileGIPHYIsDownAlsoAfterARestart() async throws {
        let first = try APIHarness(self) { $0.gateway.freshSeconds = 0 }
        XCTAssertEqual(try first.get("/search?q=dogs&limit=3").status, 200)
        let id = try XCTUnwrap((first.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        XCTAssertEqual(try first.get("/gif/\(id)").status, 200)
        first.fake.inject(.serviceUnavailable, lifetime: .sticky)
        let stale = try first.get("/search?q=dogs&limit=3")
        XCTAssertEqual(stale.status, 200)
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        XCTAssertNotNil(stale.header("Age"))
        XCTAssertEqual(stale.json?["stale"] as? Bool, true)
        XCTAssertEqual((stale.json?["data"] as? [Any])?.count, 3)
        let staleItem = try first.get("/gif/\(id)")
        XCTAssertEqual(staleItem.header("X-Cache"), "STALE")
        XCTAssertEqual(staleItem.json?["stale"] as? Bool, true)
        XCTAssertEqual(staleItem.json?["id"] as? String, id)
        // Nothing cached for this one: the mapped error, as before.
        let uncached = try first.get("/search?q=birds")
        XCTAssertEqual(uncached.status, 502)
        XCTAssertEqual(uncached.json?["code"] as? String, "upstream_error")
        // A restart: the answers come back from SQLite.
        await first.stopApp()
        let second = try APIHarness(self, fake: first.fake, folder: first.folder) { $0.gateway.freshSeconds = 0 }
        let afterRestart = try second.get("/search?q=dogs&limit=3")
        XCTAssertEqual(afterRestart.header("X-Cache"), "STALE")
        XCTAssertEqual(afterRestart.json?["stale"] as? Bool, true)
        XCTAssertTrue(afterRestart.text == stale.text, "the same stale answer after the restart")
        first.fake.clearFaults()
        XCTAssertEqual(try second.get("/search?q=dogs&limit=3").header("X-Cache"), "MISS", "the upstream is asked again once back")
    }

    /// A slow GIPHY (2 s a call) holds an answer past its freshness 1 s at most: then the stale
    /// answer, while the call goes on and refreshes the cache without another call.
    func testASlowUpstreamGetsASecondThenTheStaleAnswerIsServedAndTheCallRefreshesTheCache() async throws {
        let api = try APIHarness(self, upstreamTimeout: .seconds(10)) { $0.gateway.freshSeconds = 2 }
        XCTAssertEqual(try api.get("/search?q=dogs&limit=3").header("X-Cache"), "MISS")
        try await Task.sleep(for: .milliseconds(2_100))
        api.fake.inject(.delay(milliseconds: 2_000))
        let stale = try api.get("/search?q=dogs&limit=3")
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        XCTAssertEqual(stale.json?["stale"] as? Bool, true)
        XCTAssertEqual(api.fake.callCount(path: searchPath), 2)
        try await waitUntil("an answer that is not stale", timeout: .seconds(10)) {
            try api.get("/search?q=dogs&limit=3").header("X-Cache") != "STALE"
        }
        XCTAssertEqual(api.fake.callCount(path: searchPath), 2, "the slow call refreshed the cache; no other call was made")
    }

    func testTooOldAnswersAreNotServedStale() async throws {
        let api = try APIHarness(self) {
            $0.gateway.freshSeconds = 0
            $0.gateway.staleSeconds = 0
        }
        XCTAssertEqual(try api.get("/trending?limit=2").status, 200)
        api.fake.inject(.serverError, lifetime: .sticky)
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(try api.get("/trending?limit=2").json?["code"] as? String, "upstream_error")
    }

    func testHundredConcurrentColdRequestsMakeOneUpstreamCall() async throws {
        let api = try APIHarness(self)
        api.fake.inject(.delay(milliseconds: 400), lifetime: .sticky)
        var clients: [RawClient] = []
        for _ in 0..<100 {
            let client = try RawClient(port: api.app.port, timeout: 10)
            try client.send(request("GET", "/search?q=happy&limit=10"))
            clients.append(client)
        }
        var bodies = Set<String>()
        for client in clients {
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200)
            bodies.insert(response.text)
        }
        XCTAssertEqual(api.fake.callCount(path: searchPath), 1)
        XCTAssertEqual(bodies.count, 1)
    }

    func testTheHourlyBudgetFallsBackToTheCacheThenRefusesWithRetryAfter() async throws {
        let api = try APIHarness(self) {
            $0.gateway.callsPerHour = 2
            $0.upstreamSharePercent = 0  // one client spends the whole budget here (UpstreamShareTests holds the share)
            $0.gateway.freshSeconds = 0
        }
        XCTAssertEqual(try api.get("/search?q=cats").header("X-Cache"), "MISS")
        XCTAssertEqual(try api.get("/search?q=dogs").header("X-Cache"), "MISS")
        let refused = try api.get("/search?q=birds")
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.json?["code"] as? String, "upstream_budget_exhausted")
        let retryAfter = try XCTUnwrap(Int(refused.header("Retry-After") ?? ""))
        XCTAssertTrue((3500...3600).contains(retryAfter), "\(retryAfter)")
        let cached = try api.get("/search?q=cats")
        XCTAssertEqual(cached.status, 200)
        XCTAssertEqual(cached.header("X-Cache"), "STALE", "no call left: the stored answer serves")
        XCTAssertEqual(api.fake.callCount(path: searchPath), 2)
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_upstream_budget_remaining{provider=\"giphy\"} 0"))
        // The spent budget is remembered across a restart.
        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) {
            $0.gateway.callsPerHour = 2
            $0.upstreamSharePercent = 0
        }
        XCTAssertEqual(try restarted.get("/search?q=birds").status, 503)
    }

    func testSpotlightKeepsItsPickAndCountdownAcrossARestart() async throws {
        let first = try APIHarness(self)
        let picked = try first.get("/spotlight")
        XCTAssertEqual(picked.status, 200)
        XCTAssertEqual(picked.header("X-Cache"), "MISS")
        let json = try XCTUnwrap(picked.json)
        let id = try XCTUnwrap((json["gif"] as? [String: Any])?["id"] as? String)
        let changesAt = try XCTUnwrap(json["changes_at"] as? String)
        let secondsLeft = try XCTUnwrap(json["seconds_left"] as? Int)
        XCTAssertTrue((598...600).contains(secondsLeft), "\(secondsLeft)")
        XCTAssertNotNil(ISO8601DateFormatter().date(from: changesAt), changesAt)
        await first.stopApp()
        let second = try APIHarness(self, fake: first.fake, folder: first.folder)
        let again = try XCTUnwrap(second.get("/spotlight").json)
        XCTAssertEqual((again["gif"] as? [String: Any])?["id"] as? String, id)
        XCTAssertEqual(again["changes_at"] as? String, changesAt)
        XCTAssertLessThanOrEqual(try XCTUnwrap(again["seconds_left"] as? Int), secondsLeft)
        XCTAssertEqual(second.fake.callCount(path: "/v1/gifs/random"), 1)
    }

    func testSpotlightKeepsTheOldPickMarkedStaleWhenGIPHYFailsAtChangeTime() async throws {
        let api = try APIHarness(self) { $0.spotlightMinutes = 0.005 }
        let first = try XCTUnwrap(api.get("/spotlight").json)
        let id = (first["gif"] as? [String: Any])?["id"] as? String
        try await Task.sleep(for: .milliseconds(400))
        api.fake.inject(.serverError, lifetime: .sticky)
        let stale = try api.get("/spotlight")
        XCTAssertEqual(stale.status, 200)
        XCTAssertEqual(stale.json?["stale"] as? Bool, true)
        XCTAssertEqual((stale.json?["gif"] as? [String: Any])?["id"] as? String, id)
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        api.fake.clearFaults()
        let renewed = try api.get("/spotlight")
        XCTAssertNil(renewed.json?["stale"], "the next request tried again")
        XCTAssertEqual(renewed.header("X-Cache"), "MISS")
    }

    func testAnUnchangedAnswerIs304WithItsETag() async throws {
        let api = try APIHarness(self)
        let list = try api.get("/favorites")
        let etag = try XCTUnwrap(list.header("ETag"))
        XCTAssertEqual(list.header("Cache-Control"), "no-cache")
        let notModified = try api.send("GET", "/favorites", headers: ["If-None-Match: \(etag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertTrue(notModified.body.isEmpty)
        XCTAssertEqual(notModified.header("ETag"), etag)
        XCTAssertNil(notModified.header("Content-Length"), "a 304 claims no length")
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}").status, 201)
        let changed = try api.send("GET", "/favorites", headers: ["If-None-Match: \(etag)"])
        XCTAssertEqual(changed.status, 200)
        XCTAssertNotEqual(changed.header("ETag"), etag)
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_requests_total{route=\"/favorites\",status=\"304\"} 1"), "a 304 is counted as sent")
        let search = try api.get("/search?q=cats")
        XCTAssertEqual(search.header("Cache-Control"), "max-age=30")
        let searchTag = try XCTUnwrap(search.header("ETag"))
        XCTAssertEqual(try api.send("GET", "/search?q=cats", headers: ["If-None-Match: W/\(searchTag), \"other\""]).status, 304)
    }

    func testMetricsInPrometheusText() async throws {
        let api = try APIHarness(self)
        _ = try api.get("/search?q=cats")
        _ = try api.get("/search?q=cats")
        _ = try api.get("/gif/doesnotexist1")
        _ = try api.get("/nowhere")
        let metrics = try api.get("/metrics")
        XCTAssertEqual(metrics.status, 200)
        XCTAssertTrue(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") ?? false)
        let text = metrics.text
        for line in [
            "gif_bff_requests_total{route=\"/search\",status=\"200\"} 2",
            "gif_bff_requests_total{route=\"/gif/{id}\",status=\"404\"} 1",
            "gif_bff_requests_total{route=\"unmatched\",status=\"404\"} 1",
            "gif_bff_request_duration_seconds_count{route=\"/search\"} 2",
            "gif_bff_upstream_calls_total{endpoint=\"search\",outcome=\"ok\",provider=\"giphy\"} 1",
            "gif_bff_upstream_calls_total{endpoint=\"gif\",outcome=\"not_found\",provider=\"giphy\"} 1",
            "gif_bff_cache_results_total{result=\"hit\",provider=\"giphy\"} 1",
            "gif_bff_favorites 0",
            "# TYPE gif_bff_request_duration_seconds histogram",
        ] {
            XCTAssertTrue(text.contains(line), "missing: \(line)\n\(text)")
        }
        let heap = text.split(separator: "\n").first { $0.hasPrefix("gif_bff_heap_in_use_bytes ") }
        let heapBytes = try XCTUnwrap(heap.flatMap { Int($0.split(separator: " ")[1]) }, text)
        if !Sanitizer.isActive { XCTAssertGreaterThan(heapBytes, 1 << 20, "the heap in use") }
        XCTAssertTrue(text.contains("# TYPE gif_bff_heap_free_kept_bytes gauge"), text)
        XCTAssertFalse(text.contains("budget_remaining{provider=\"giphy\"}"), "no GIPHY budget configured")
        XCTAssertTrue(text.contains("gif_bff_upstream_budget_remaining{provider=\"unsplash\"} 50"), "Unsplash's default budget: \(text)")
    }

    func testCachingCanBeTurnedOff() async throws {
        let api = try APIHarness(self) { $0.gateway.cacheEnabled = false }
        XCTAssertEqual(try api.get("/trending?limit=2").header("X-Cache"), "MISS")
        XCTAssertEqual(try api.get("/trending?limit=2").header("X-Cache"), "MISS")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/trending"), 2)
    }
}
