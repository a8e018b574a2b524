import Dispatch
import Foundation
import GifBFFApp
import Synchronization
import TestSupport
import XCTest

/// Through the real server on a slow disk (every database and WAL write takes 20 ms, so the one
/// bookkeeping writer is always behind): while clients keep making two cached searches in turn,
/// each answer queuing a history write, `GET /search/history` is answered with the searches made
/// before it and does not wait for those made after it; and no history write is dropped, since a
/// search still waiting to be written is replaced by its repeat. Nothing is timed: the searches
/// go on until the read is answered (a minute at most), and the read must come back while they do.
final class HistoryUnderLoadTests: XCTestCase {
    func testTheHistoryIsAnsweredWhileCachedSearchesKeepQueuingWrites() async throws {
        let api = try APIHarness(self, databaseOptions: SlowDisk.databaseOptions)
        for query in ["cats", "dogs"] { XCTAssertEqual(try api.get("/search?q=\(query)").status, 200) }
        await api.flushWrites()
        slowDownDisk(to: .milliseconds(20))
        let load = SearchLoad(port: api.app.port, clients: 8, queries: ["cats", "dogs"], for: .seconds(60))
        addTeardownBlock { await load.stop() }
        try await waitUntil("searches answered under load") { load.answered >= 200 }

        XCTAssertEqual(try api.get("/search?q=birds").status, 200)
        let history = try api.get("/search/history")
        let searchesWentOn = load.isRunning
        await load.stop()
        XCTAssertTrue(searchesWentOn, "answered while the searches went on")
        XCTAssertEqual(history.status, 200)
        let queries = ((history.json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["query"] as? String }
        XCTAssertEqual(Set(queries), ["birds", "cats", "dogs"], "the searches made before the read")
        XCTAssertEqual(load.failed, 0, "every search answered 200")

        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_bookkeeping_write_failures_total{write=\"search_history\"} 0"), metrics)
        let merged = metrics.split(separator: "\n")
            .first { $0.hasPrefix("gif_bff_bookkeeping_writes_merged_total{write=\"search_history\"} ") }
            .flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
        XCTAssertGreaterThan(merged, 0, "repeated searches were merged while the writer was behind")
    }

    /// Clients searching in turn on keep-alive connections, each on a thread of its own, until
    /// stopped or `duration` has passed.
    private final class SearchLoad: Sendable {
        private struct Counts {
            var answered = 0
            var failed = 0
            var running = 0
        }

        private let counts = Mutex(Counts())
        private let stopped = Mutex(false)
        private let group = DispatchGroup()

        init(port: UInt16, clients: Int, queries: [String], for duration: Duration) {
            let deadline = ContinuousClock.now + duration
            counts.withLock { $0.running = clients }
            for client in 0..<clients {
                group.enter()
                // Threads of their own: blocking work on Dispatch's global queues would hold back the
                // threads Swift's tasks run on (the test's own, here).
                Thread.detachNewThread { [self] in
                    search(port: port, queries: queries, startingAt: client, until: deadline)
                    counts.withLock { $0.running -= 1 }
                    group.leave()
                }
            }
        }

        var answered: Int { counts.withLock { $0.answered } }
        var failed: Int { counts.withLock { $0.failed } }
        var isRunning: Bool { counts.withLock { $0.running > 0 } }

        private func search(port: UInt16, queries: [String], startingAt first: Int, until deadline: ContinuousClock.Instant) {
            var next = first
            var client: RawClient?
            while !stopped.withLock({ $0 }), ContinuousClock.now < deadline {
                do {
                    let connection = try client ?? RawClient(port: port, timeout: 10)
                    client = connection
                    try connection.send(request("GET", "/search?q=\(queries[next % queries.count])"))
                    let status = try connection.readResponse().status
                    counts.withLock { counts in
                        if status == 200 { counts.answered += 1 } else { counts.failed += 1 }
                    }
                    next += 1
                } catch {
                    counts.withLock { $0.failed += 1 }
                    client = nil
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
        }

        /// Stops the clients and waits for their threads to end.
        func stop() async {
            stopped.withLock { $0 = true }
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                group.notify(queue: .global()) { done.resume() }
            }
        }
    }
}
