import Foundation
import PostgreSQL
import Synchronization
import TestSupport
import XCTest

/// The pool: bounded, off the caller's thread, quick to fail while the server is gone and back by
/// itself once it returns; and LISTEN's notifications arriving on another connection.
final class PGPoolTests: XCTestCase {
    private func pool(size: Int = 2) throws -> PGPool {
        guard case .success(let url) = PostgreSQLURL.parse(try PostgreSQLCluster.database(for: self)) else { throw XCTSkip("no URL") }
        var settings = PGPool.Settings()
        settings.size = size
        let pool = PGPool(url: url, settings: settings)
        addTeardownBlock { await pool.close() }
        return pool
    }

    func testNoMoreConnectionsThanItsSizeAreEverOpen() async throws {
        let pool = try pool(size: 3)
        try await pool.withConnection { try $0.executeScript("CREATE TABLE seen (pid INT)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { () async throws -> Void in
                    _ = try await pool.withConnection { db in
                        try db.execute("INSERT INTO seen SELECT pg_backend_pid() FROM pg_sleep(0.01)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let backends = try await pool.withConnection { try $0.queryFirst("SELECT count(DISTINCT pid) FROM seen")?.int(at: 0) }
        XCTAssertEqual(backends, 3)
    }

    func testAServerThatIsGoneFailsCallsAtOnceAndThePoolRecoversWhenItReturns() async throws {
        let pool = try pool(size: 1)
        let cluster = try PostgreSQLCluster.running()
        _ = try await pool.withConnection { try $0.queryFirst("SELECT 1") }
        try cluster.stop()
        var restarted = false
        defer { if !restarted { try? cluster.start() } }
        var failures: [Duration] = []
        for _ in 0..<5 {
            let started = ContinuousClock.now
            do {
                _ = try await pool.withConnection { try $0.queryFirst("SELECT 1") }
                XCTFail("answered with the server stopped")
            } catch let error as PostgreSQLError {
                XCTAssertTrue(error.isConnectionLost, "\(error)")
            }
            failures.append(ContinuousClock.now - started)
        }
        // An order of magnitude, not a timing: none of them waited for a connect timeout (3 s).
        XCTAssertTrue(failures.allSatisfy { $0 < .seconds(2) }, "\(failures)")
        try cluster.start()
        restarted = true
        let deadline = ContinuousClock.now + .seconds(10)
        var answered = false
        while !answered && ContinuousClock.now < deadline {
            answered = (try? await pool.withConnection { try $0.queryFirst("SELECT 1")?.int(at: 0) }) == 1
            if !answered { try await Task.sleep(for: .milliseconds(100)) }
        }
        XCTAssertTrue(answered, "recovered without a new pool")
    }

    func testNotificationsArriveOnTheListenersConnection() async throws {
        let url = try PostgreSQLCluster.database(for: self)
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { return XCTFail("URL") }
        let received = Mutex<[(String, ContinuousClock.Instant)]>([])
        let listener = PGListener(url: parsed, channels: ["changes"]) { _, payload in
            received.withLock { $0.append((payload, ContinuousClock.now)) }
        }
        defer { listener.stop() }
        let sender = try PGConnection(url: url)
        var delays: [Duration] = []
        // The listener's LISTEN may come a moment after it starts: wait for the first one to arrive.
        let deadline = ContinuousClock.now + .seconds(10)
        while received.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline {
            try sender.query("SELECT pg_notify('changes', 'ping')")
            try await Task.sleep(for: .milliseconds(50))
        }
        for index in 0..<50 {
            let sent = ContinuousClock.now
            try sender.query("SELECT pg_notify('changes', $1)", [.text("n\(index)")])
            while received.withLock({ $0.last?.0 }) != "n\(index)" && ContinuousClock.now < deadline + .seconds(10) {
                try await Task.sleep(for: .milliseconds(1))
            }
            if let arrival = received.withLock({ $0.last }), arrival.0 == "n\(index)" { delays.append(arrival.1 - sent) }
        }
        XCTAssertEqual(delays.count, 50, "every notification arrived")
        let sorted = delays.sorted()
        print("LISTEN/NOTIFY delay over 50: p50 \(sorted[sorted.count / 2]), p99 \(sorted[sorted.count * 99 / 100])")
    }
}

/// Issue 48 item 2: a connection whose server takes no writes (SQLSTATE 25006: a standby, a
/// primary made read-only) fails as a lost one, and the pool drops it for a new one; an idle
/// connection the server ended (as every one is in a failover) is dropped before it fails a call.
final class PGPoolFailoverTests: XCTestCase {
    func testAnIdleConnectionTheServerEndedIsReplacedBeforeItFailsACall() async throws {
        let database = try PostgreSQLCluster.database(for: self)
        guard case .success(let url) = PostgreSQLURL.parse(database) else { return XCTFail("URL") }
        var settings = PGPool.Settings()
        settings.size = 1
        let pool = PGPool(url: url, settings: settings)
        addTeardownBlock { await pool.close() }
        let before = try await pool.withConnection { try $0.queryFirst("SELECT pg_backend_pid()")?.int(at: 0) }
        let killer = try PGConnection(url: database)
        // With a timeout, pg_terminate_backend returns once the backend has ended (its FATAL sent,
        // its socket closed); without one it returns at once, and a fixed 100 ms after it bet
        // that a loaded machine had ended the backend by then.
        let ended = try killer.queryFirst("SELECT pg_terminate_backend($1, $2)", [.int(try XCTUnwrap(before)), .int(30_000)])
        XCTAssertEqual(try ended?.bool(at: 0), true)
        let after = try await pool.withConnection { try $0.queryFirst("SELECT pg_backend_pid()")?.int(at: 0) }
        XCTAssertNotEqual(before, after)
    }

    func testAWriteRefusedAsReadOnlyDropsTheConnection() async throws {
        guard case .success(let url) = PostgreSQLURL.parse(try PostgreSQLCluster.database(for: self)) else { return XCTFail("URL") }
        var settings = PGPool.Settings()
        settings.size = 1
        let pool = PGPool(url: url, settings: settings)
        addTeardownBlock { await pool.close() }
        let before = try await pool.withConnection { connection in
            try connection.executeScript("CREATE TABLE t (n INT); SET default_transaction_read_only = on")
            return try connection.queryFirst("SELECT pg_backend_pid()")?.int(at: 0)
        }
        do {
            _ = try await pool.withConnection { try $0.execute("INSERT INTO t VALUES (1)") }
            XCTFail("written on a read-only session")
        } catch let error as PostgreSQLError {
            XCTAssertEqual(error.sqlState, "25006", "\(error)")
            XCTAssertTrue(error.isConnectionLost, "\(error)")
        }
        try await Task.sleep(for: .milliseconds(250))
        let after = try await pool.withConnection { connection in
            try connection.execute("INSERT INTO t VALUES (2)")
            return try connection.queryFirst("SELECT pg_backend_pid()")?.int(at: 0)
        }
        XCTAssertNotEqual(before, after, "a new connection")
    }
}
