import Foundation
import Service
import Model
import SQLite
import Storage
import TestSupport
import XCTest

/// The pool's two connections run on threads of their own, and a write lock held elsewhere
/// makes writes fail fast as `StoreFailure.busy` while reads go on.
final class DatabasePoolTests: XCTestCase {
    func testBodiesRunOnTheDatabaseThreadsNotTheCallers() async throws {
        let pool = try AppDatabase.open(path: try makeDatabasePath())
        let readThread = try await pool.read { _ in Thread.current.name }
        let writeThread = try await pool.write { _ in Thread.current.name }
        XCTAssertEqual(readThread, "sqlite-reader")
        XCTAssertEqual(writeThread, "sqlite-writer")
    }

    /// Follows these pools' own threads by id: any other `sqlite-` thread in the process (CI saw
    /// another test's pool start one while this test watched) is not one of them.
    func testAPoolLetGoStopsItsThreads() async throws {
        var poolThreads = Set<String>()
        for _ in 0..<5 {
            let pool = try AppDatabase.open(path: try makeDatabasePath())
            poolThreads.insert(try await pool.write { database in
                try database.execute("DELETE FROM favorite")
                return Self.currentThreadID()
            })
            poolThreads.insert(try await pool.read { database in
                _ = try database.query("SELECT gif_id FROM favorite")
                return Self.currentThreadID()
            })
        }
        XCTAssertEqual(poolThreads.count, 10, "each pool reads and writes on two threads of its own")
        let deadline = ContinuousClock.now + .seconds(5)
        while !poolThreads.isDisjoint(with: Self.threadIDs()), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertEqual(poolThreads.intersection(Self.threadIDs()), [], "10 threads started; each ends with its pool")
    }

    /// This process's threads, from /proc.
    private static func threadIDs() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [])
    }

    /// The calling thread's id: /proc/thread-self names it ("PID/task/TID").
    private static func currentThreadID() -> String {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return link.split(separator: "/").last.map(String.init) ?? ""
    }

    func testReadConnectionRefusesWrites() async throws {
        let pool = try AppDatabase.open(path: try makeDatabasePath())
        do {
            try await pool.read { database in try database.execute("DELETE FROM favorite") }
            XCTFail("the read connection wrote")
        } catch let error as SQLiteError {
            XCTAssertEqual(error.primaryCode, ResultCode.readOnly, "\(error)")
        }
    }

    func testWriteWaitingForAnotherConnectionsLockIsBusyWhileReadsGoOn() async throws {
        let path = try makeDatabasePath()
        var options = Database.Options()
        options.busyTimeoutMilliseconds = 1_000
        let stores = try Stores.open(path: path, options: options)
        try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 5, install: .local)

        // Another connection (as another process would) takes the write lock and keeps it.
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("DELETE FROM search_history")
        let started = ContinuousClock.now
        let write = Task { try await stores.searchHistory.record("dogs", at: Date(), keepingNewest: 5, install: .local) }
        try await Task.sleep(for: .milliseconds(100))

        let readStarted = ContinuousClock.now
        let entries = try await stores.searchHistory.list(containing: nil, install: .local)
        let readTook = ContinuousClock.now - readStarted
        XCTAssertEqual(entries.map(\.query), ["cats"], "the last committed state")
        XCTAssertLessThan(readTook, .milliseconds(300), "the read did not queue behind the waiting write")

        do {
            try await write.value
            XCTFail("the write got a lock that another connection holds")
        } catch let failure as StoreFailure {
            XCTAssertEqual(failure, .busy(retryAfterSeconds: 1))
        }
        let writeTook = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(writeTook, .milliseconds(900), "it waited out the busy timeout")
        XCTAssertLessThan(writeTook, .milliseconds(3_000), "and no longer")

        try holder.execute("COMMIT")
        try await stores.searchHistory.record("dogs", at: Date(), keepingNewest: 5, install: .local)
        let after = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(after.map(\.query), ["dogs"], "writes work again once the lock is free")
    }
}
