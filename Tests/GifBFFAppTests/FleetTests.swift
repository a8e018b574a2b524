import FakeUpstream
import Foundation
import Synchronization
import TestSupport
import XCTest

/// Several instances, one truth (issue 23): two gif-bff processes on one PostgreSQL database
/// behind nginx. Skipped where PostgreSQL or nginx is missing, failing under CI=true.
final class FleetTests: XCTestCase {
    /// Every request on the wire before any answer is read.
    private func racing(_ fleet: Fleet, _ requests: [(String, String, String?, [String])]) throws -> [RawClient.Response] {
        var clients: [RawClient] = []
        for (method, target, json, headers) in requests {
            let client = try RawClient(port: fleet.balancerPort, timeout: 20)
            var all = headers
            if json != nil { all.append("Content-Type: application/json") }
            try client.send(request(method, target, headers: all, body: json))
            clients.append(client)
        }
        return try clients.map { try $0.readResponse() }
    }

    func testThirtyRacingAddsOverBothInstancesLeaveTwentyListedAlikeByBoth() async throws {
        let fleet = try Fleet(self)
        let items = try fleet.distinctTrendingIDs(count: 30)
        let install = try fleet.register()
        let answers = try racing(fleet, items.map { ("POST", "/favorites", "{\"id\":\"\($0)\"}", [install.authorization]) })
        XCTAssertEqual(answers.filter { $0.status == 201 }.count, 20, answers.map(\.status).description)
        XCTAssertEqual(answers.filter { $0.status == 409 }.count, 10)
        let first = (try fleet.send("GET", "/favorites", headers: [install.authorization], to: 0)).itemIDs
        let second = (try fleet.send("GET", "/favorites", headers: [install.authorization], to: 1)).itemIDs
        XCTAssertEqual(first.count, 20)
        XCTAssertEqual(first, second, "both instances list the same favorites, in the same order")
        // Both served some of the adds: the balancer spread them. Access lines are written
        // together, each within the loop's 100 ms timer check, so wait for them (2 s was no
        // margin for a sanitizer's child process on a loaded machine).
        try await waitUntil("both instances logged an add", timeout: eventTimeout) {
            (0..<2).allSatisfy { fleet.log($0).contains("path=/favorites") }
        }
    }

    func testAChangeThroughOneInstanceIsSeenThroughTheOtherAndInstallsStayApart() async throws {
        let fleet = try Fleet(self)
        let items = try fleet.distinctTrendingIDs(count: 2)
        let mine = try fleet.register(via: 0), theirs = try fleet.register(via: 1)
        // Each instance has read (and keeps in memory) both installs' favorites.
        for instance in 0..<2 {
            for install in [mine, theirs] {
                XCTAssertEqual((try fleet.send("GET", "/favorites", headers: [install.authorization], to: instance)).itemIDs, [])
            }
        }
        XCTAssertEqual(try fleet.send("POST", "/favorites", json: "{\"id\":\"\(items[0])\"}", headers: [mine.authorization], to: 0).status, 201)
        XCTAssertEqual((try fleet.send("GET", "/favorites", headers: [mine.authorization], to: 0)).itemIDs, [items[0]], "at once through it")
        let clock = ContinuousClock()
        let committed = clock.now
        var seen: Duration?
        while clock.now - committed < eventTimeout {
            if (try fleet.send("GET", "/favorites", headers: [mine.authorization], to: 1)).itemIDs == [items[0]] {
                seen = clock.now - committed
                break
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        let delay = try XCTUnwrap(seen, "the other instance never listed the change")
        // How soon is bench/fleet.sh's figure: a time bound here fails on a loaded machine.
        print("fleet: a favorite added through one instance listed by the other after \(delay)")
        XCTAssertEqual((try fleet.send("GET", "/favorites", headers: [theirs.authorization], to: 1)).itemIDs, [], "another install sees nothing of it")
        let page = try fleet.send("GET", "/trending?limit=50", headers: [mine.authorization], to: 1)
        let marked = (page.json?["data"] as? [[String: Any]] ?? []).filter { $0["is_favorite"] as? Bool == true }
        XCTAssertEqual(marked.compactMap { $0["id"] as? String }, [items[0]], "the other instance's pages mark it too")

        // Deleted through one instance: refused by it at once, by the other once it hears of it
        // (within milliseconds; without the announcement, never: it keeps known tokens until told).
        // The event is asserted, not how soon: 1 s was no margin for the sanitizers on a loaded machine.
        XCTAssertEqual(try fleet.send("DELETE", "/installs/current", headers: [mine.authorization], to: 1).status, 204)
        XCTAssertEqual(try fleet.send("GET", "/favorites", headers: [mine.authorization], to: 1).status, 401)
        let deleted = clock.now
        var refusedAfter: Duration?
        while clock.now - deleted < eventTimeout {
            if try fleet.send("GET", "/favorites", headers: [mine.authorization], to: 0).status == 401 {
                refusedAfter = clock.now - deleted
                break
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        print("fleet: a deleted install's token refused by the other instance after \(refusedAfter.map(String.init(describing:)) ?? "never")")
        XCTAssertNotNil(refusedAfter, "the other instance refuses the deleted install's token")
    }

    func testBothInstancesShowTheSameSpotlight() throws {
        let fleet = try Fleet(self)
        let first = try fleet.send("GET", "/spotlight?tag=dogs", to: 0)
        let second = try fleet.send("GET", "/spotlight?tag=dogs", to: 1)
        XCTAssertEqual(first.status, 200, first.text)
        let id = (first.json?["gif"] as? [String: Any])?["id"] as? String
        XCTAssertNotNil(id)
        XCTAssertEqual((second.json?["gif"] as? [String: Any])?["id"] as? String, id, "one pick for the fleet")
        XCTAssertEqual(second.json?["changes_at"] as? String, first.json?["changes_at"] as? String)
    }

    func testTheResponseCacheAndTheCallBudgetAreTheFleets() throws {
        // No share per client: every request here is the one client on loopback (UpstreamShareTests
        // and the test below hold the share).
        let fleet = try Fleet(self, flags: ["--upstream-budget-per-hour", "4", "--upstream-share-percent", "0"])
        let before = fleet.fake.recordedCalls.filter { $0.path == "/v1/gifs/search" }.count
        let answers = try racing(fleet, Array(repeating: ("GET", "/search?q=fleet%20cats", nil, []), count: 50))
        XCTAssertEqual(answers.filter { $0.status == 200 }.count, 50, answers.map(\.status).description)
        let calls = fleet.fake.recordedCalls.filter { $0.path == "/v1/gifs/search" }.count - before
        print("fleet: 50 identical cold searches over two instances made \(calls) upstream call(s)")
        XCTAssertLessThanOrEqual(calls, 2)
        XCTAssertGreaterThanOrEqual(calls, 1)

        // The budget is 4 an hour for the fleet: the calls above, then other searches, alternating
        // instances, until one is refused; the whole fleet made 4 upstream calls, not 8.
        var statuses: [Int] = []
        for index in 0..<6 {
            statuses.append(try fleet.send("GET", "/search?q=budget\(index)", to: index % 2).status)
        }
        let made = fleet.fake.recordedCalls.filter { $0.path == "/v1/gifs/search" }.count - before
        XCTAssertEqual(made, 4, "one budget for the fleet: \(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 503 }.count, 6 - (4 - calls), statuses.description)
    }

    /// Each client's share of the budget is counted for the fleet: what it spent on one instance
    /// counts on the other (a budget of 20: 2 calls per client).
    func testEachClientsShareIsTheFleets() throws {
        let fleet = try Fleet(self, flags: ["--upstream-budget-per-hour", "20", "--upstream-share-percent", "10"])
        func search(_ words: String, from address: String, to instance: Int) throws -> RawClient.Response {
            try fleet.send("GET", "/search?q=\(words)", headers: ["X-Forwarded-For: \(address)"], to: instance)
        }
        let greedy = "203.0.113.7", other = "198.51.100.9"
        XCTAssertEqual(try search("share1", from: greedy, to: 0).status, 200)
        XCTAssertEqual(try search("share2", from: greedy, to: 1).status, 200)
        for instance in 0..<2 {
            let refused = try search("share3", from: greedy, to: instance)
            XCTAssertEqual(refused.status, 429, refused.text)
            XCTAssertEqual(refused.json?["code"] as? String, "upstream_share_spent")
            XCTAssertNotNil(refused.header("Retry-After").flatMap(Int.init))
        }
        XCTAssertEqual(try search("share3", from: other, to: 1).status, 200, "another client's search goes on")
        XCTAssertEqual(try search("share1", from: greedy, to: 1).status, 200, "a cached search goes on")
        XCTAssertEqual(fleet.fake.recordedCalls.filter { $0.path == "/v1/gifs/search" }.count, 3)
    }

    /// PostgreSQL restarted while adds go on: quick 503s (never a hang) while it is gone, adds
    /// again within 10 s of its return (the pool's backoff is at most 2 s), every acknowledged add kept.
    func testPostgreSQLRestartedInTheMiddleOfWritesAnswersQuick503sAndRecovers() async throws {
        let fleet = try Fleet(self, flags: ["--favorites-limit", "1000"])
        let items = try fleet.distinctTrendingIDs(count: 400)
        let install = try fleet.register()
        let cluster = try PostgreSQLCluster.running()
        let clock = ContinuousClock()
        var acknowledged: [String] = [], refused = 0, slowest = Duration.zero
        var recoveredAt: ContinuousClock.Instant?
        let restartedAt = clock.now
        // When the server is back (pg_ctl start has returned): the recovery is timed from then.
        // From the restart's start it included the stop and the start, which take seconds of
        // their own on a loaded machine (a 6 s bound from there was no margin).
        let back = Mutex<ContinuousClock.Instant?>(nil)
        let restart = Task.detached {
            try cluster.restart(pause: .seconds(1))
            back.withLock { $0 = .now }
        }
        var index = 0
        // Ends as soon as the adds are acknowledged again; only a broken run waits it out.
        let deadline = clock.now + eventTimeout
        while index < items.count, clock.now < deadline {
            let started = clock.now
            let answer = try fleet.send("POST", "/favorites", json: "{\"id\":\"\(items[index])\"}", headers: [install.authorization])
            slowest = max(slowest, clock.now - started)
            switch answer.status {
            case 201:
                acknowledged.append(items[index])
                if refused > 0, recoveredAt == nil { recoveredAt = clock.now }
            case 503:
                XCTAssertEqual(answer.json?["code"] as? String, "storage_unavailable", answer.text)
                XCTAssertNotNil(answer.header("Retry-After"))
                refused += 1
            default:
                XCTFail("\(answer.status) \(answer.text)")
            }
            index += 1
            if refused > 0, recoveredAt != nil, acknowledged.count > 20 { break }
            // Slower while refused, so the items last however long a loaded machine's restart takes.
            try await Task.sleep(for: refused > 0 && recoveredAt == nil ? .milliseconds(100) : .milliseconds(20))
        }
        try await restart.value
        let returned = try XCTUnwrap(back.withLock { $0 })
        print("fleet restart: \(acknowledged.count) adds acknowledged, \(refused) refused with 503, slowest answer \(slowest), "
              + "server back \(returned - restartedAt) after the restart began (1 s down), adding again "
              + "\(recoveredAt.map { String(describing: $0 - returned) } ?? "never") after its return")
        XCTAssertGreaterThan(refused, 0, "the restart was seen")
        XCTAssertLessThan(slowest, .seconds(3), "no request hangs")
        XCTAssertLessThan(try XCTUnwrap(recoveredAt, "never added again") - returned, .seconds(10), "adds again within 10 s of the server's return")
        let listed = Set((try fleet.send("GET", "/favorites", headers: [install.authorization], to: 0)).itemIDs)
        XCTAssertTrue(Set(acknowledged).isSubset(of: listed), "every acknowledged add is kept")
    }

    /// One instance killed with SIGKILL in the middle of adds: the other goes on serving (the
    /// balancer sends it everything), and nothing acknowledged is lost.
    func testOneInstanceKilledTheOtherGoesOnNothingAcknowledgedLost() throws {
        let fleet = try Fleet(self, flags: ["--favorites-limit", "1000"])
        let items = try fleet.distinctTrendingIDs(count: 60)
        let install = try fleet.register()
        var acknowledged: [String] = [], failedAfterKill = 0
        for (index, item) in items.enumerated() {
            if index == 20 { fleet.kill9(0) }
            let answer = try fleet.send("POST", "/favorites", json: "{\"id\":\"\(item)\"}", headers: [install.authorization])
            if answer.status == 201 { acknowledged.append(item) } else if index >= 20 { failedAfterKill += 1 }
        }
        print("fleet kill: \(acknowledged.count) of \(items.count) adds acknowledged, \(failedAfterKill) failed after the SIGKILL")
        XCTAssertLessThanOrEqual(failedAfterKill, 2, "the balancer moves to the live instance")
        let listed = (try fleet.send("GET", "/favorites", headers: [install.authorization], to: 1)).itemIDs
        XCTAssertEqual(Set(listed), Set(acknowledged), "every acknowledged add, and nothing else")
        XCTAssertEqual(try fleet.send("GET", "/search?q=still%20here").status, 200)
    }
}
