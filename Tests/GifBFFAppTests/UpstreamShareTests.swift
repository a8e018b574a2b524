import API
import FakeUpstream
import Gateway
import Service
import Foundation
@testable import GifBFFApp
import TestSupport
import XCTest

/// Each client's share of the upstream budget, over HTTP against the fake GIPHY: behind a trusted
/// proxy (loopback) naming the clients in X-Forwarded-For, a client past its share gets 429
/// `upstream_share_spent` for its cache misses, while its cache hits and other clients go on;
/// with a token, the install is the client, wherever it asks from.
final class UpstreamShareTests: XCTestCase {
    private let searchPath = "/v1/gifs/search"

    /// A budget of 20 calls an hour: 10% is 2 calls per client.
    private func sharedBudget(_ configure: (inout Configuration) -> Void = { _ in }) throws -> APIHarness {
        let loopback = try TrustedProxies(parsing: "127.0.0.1")
        return try APIHarness(self) { configuration in
            configuration.trustedProxies = loopback
            configuration.gateway.callsPerHour = 20
            configuration.upstreamSharePercent = 10
            configure(&configuration)
        }
    }

    private func search(_ api: APIHarness, _ words: String, from address: String, headers: [String] = []) throws -> RawClient.Response {
        try api.send("GET", "/search?q=\(words)&limit=2", headers: ["X-Forwarded-For: \(address)"] + headers)
    }

    private func assertShareSpent(_ answer: RawClient.Response, file: StaticString = #filePath, line: UInt = #line) throws {
        assertProblem(answer, 429, "upstream_share_spent", file: file, line: line)
        XCTAssertEqual(answer.json?["title"] as? String, "Your share of upstream calls is spent", file: file, line: line)
        let retryAfter = try XCTUnwrap(Int(answer.header("Retry-After") ?? ""), "Retry-After", file: file, line: line)
        // Until the client's oldest call leaves the rolling hour: made just now.
        XCTAssertTrue((3500...3600).contains(retryAfter), "\(retryAfter)", file: file, line: line)
    }

    func testAClientPastItsShareIsRefusedWhileItsCacheAndOtherClientsGoOn() throws {
        let api = try sharedBudget()
        let greedy = "203.0.113.7", other = "198.51.100.9"
        XCTAssertEqual(try search(api, "cats", from: greedy).header("X-Cache"), "MISS")
        XCTAssertEqual(try search(api, "dogs", from: greedy).header("X-Cache"), "MISS")
        try assertShareSpent(try search(api, "birds", from: greedy))
        XCTAssertEqual(api.fake.callCount(path: searchPath), 2, "the refused search made no call")

        let cached = try search(api, "cats", from: greedy)
        XCTAssertEqual(cached.status, 200, "its cached searches still answer")
        XCTAssertEqual(cached.header("X-Cache"), "HIT")
        for words in ["birds", "fish"] {
            let answer = try search(api, words, from: other)
            XCTAssertEqual(answer.status, 200, "another client's new search: \(answer.text)")
            XCTAssertEqual(answer.header("X-Cache"), "MISS")
        }
        XCTAssertEqual(try search(api, "birds", from: greedy).header("X-Cache"), "HIT", "what another paid for is cached for all")
        try assertShareSpent(try api.send("GET", "/trending", headers: ["X-Forwarded-For: \(greedy)"]))

        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_upstream_share_spent_total{endpoint=\"search\",provider=\"giphy\"} 1"), metrics)
        XCTAssertTrue(metrics.contains("gif_bff_upstream_share_spent_total{endpoint=\"trending\",provider=\"giphy\"} 1"), metrics)
        XCTAssertTrue(metrics.contains("gif_bff_upstream_budget_remaining{provider=\"giphy\"} 16"), metrics)
    }

    func testEachInstallHasItsOwnShareWhereverItAsksFrom() throws {
        let api = try sharedBudget()
        let address = "203.0.113.7"
        let one = try api.registerInstall(headers: ["X-Forwarded-For: \(address)"])
        let two = try api.registerInstall(headers: ["X-Forwarded-For: \(address)"])
        XCTAssertEqual(try search(api, "cats", from: address, headers: [one.authorization]).status, 200)
        // The install pays from another address too: its token names it.
        XCTAssertEqual(try search(api, "dogs", from: "198.51.100.9", headers: [one.authorization]).status, 200)
        try assertShareSpent(try search(api, "birds", from: address, headers: [one.authorization]))

        for words in ["birds", "fish"] {
            XCTAssertEqual(try search(api, words, from: address, headers: [two.authorization]).status, 200,
                           "another install on the same address has its own share")
        }
        try assertShareSpent(try search(api, "mice", from: address, headers: [two.authorization]))
        XCTAssertEqual(try search(api, "mice", from: address).status, 200, "the address without a token has its own share too")
    }

    /// A deck's pages are charged to the client too: decks of new tags cannot spend the budget
    /// around the share.
    func testDecksOfNewTagsAreChargedToTheClient() throws {
        let api = try sharedBudget()
        let greedy = "203.0.113.7"
        var statuses: [Int] = []
        for tag in ["funny", "cats", "dogs", "happy"] {
            let answer = try api.send("GET", "/random/deck?tag=\(tag)&count=2", headers: ["X-Forwarded-For: \(greedy)"])
            statuses.append(answer.status)
            if answer.status != 200 { try assertShareSpent(answer) }
        }
        XCTAssertTrue(statuses.contains(429), "\(statuses)")
        XCTAssertLessThanOrEqual(api.fake.callCount(path: searchPath), 2, "its share, 2 calls")
        let other = try api.send("GET", "/random/deck?tag=in&count=2", headers: ["X-Forwarded-For: 198.51.100.9"])
        XCTAssertEqual(other.status, 200, other.text)
    }

    /// The calls charged to each client are in the call log: a restart hands out no fresh share.
    func testASpentShareIsRememberedAcrossARestart() async throws {
        let api = try sharedBudget()
        for words in ["cats", "dogs"] { XCTAssertEqual(try search(api, words, from: "203.0.113.7").status, 200) }
        await api.flushWrites()
        await api.stopApp()
        let loopback = try TrustedProxies(parsing: "127.0.0.1")
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) { configuration in
            configuration.trustedProxies = loopback
            configuration.gateway.callsPerHour = 20
            configuration.upstreamSharePercent = 10
        }
        try assertShareSpent(try search(restarted, "birds", from: "203.0.113.7"))
        XCTAssertEqual(try search(restarted, "birds", from: "198.51.100.9").status, 200)
    }

    func testNoShareLetsOneClientSpendTheWholeBudget() throws {
        let api = try sharedBudget { $0.upstreamSharePercent = 0 }
        for words in ["cats", "dogs", "birds", "fish"] {
            XCTAssertEqual(try search(api, words, from: "203.0.113.7").status, 200, words)
        }
    }

    /// `auto` (the default): a share where strangers call (installs required), none on a server of
    /// one's own (installs optional), whose one developer would meet 429 after a few new searches.
    func testTheDefaultShareIsOnlyWhereInstallsAreRequired() throws {
        XCTAssertNil(Configuration().upstreamSharePercent, "auto is the default")
        for (policy, refusedAfter) in [(InstallPolicy.optional, Int?.none), (.required, 2)] {
            let api = try sharedBudget {
                $0.upstreamSharePercent = nil
                $0.installPolicy = policy
            }
            for (index, words) in ["cats", "dogs", "birds", "fish"].enumerated() {
                let answer = try search(api, words, from: "203.0.113.7")
                if let refusedAfter, index >= refusedAfter {
                    try assertShareSpent(answer)
                } else {
                    XCTAssertEqual(answer.status, 200, "\(policy) \(words)")
                }
            }
        }
    }
}
