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
        // Until they have ended, or `eventTimeout` (a thread's end can lag on a loaded machine).
        let deadline = ContinuousClock.now + eventTimeout
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

    /// Reads go on, from the last commit, while a write waits for the lock: checked by order (the
    /// reads are answered while the write still waits), the write waiting as long as the test
    /// holds the lock (a busy timeout longer than the test), so a read queued behind it would
    /// wait too.
    func testReadsGoOnWhileAWriteWaitsForAnotherConnectionsLock() async throws {
        let path = try makeDatabasePath()
        var options = Database.Options()
        options.busyTimeoutMilliseconds = Int32(eventTimeout.components.seconds * 1000)
        let stores = try Stores.open(path: path, options: options)
        try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 5, install: .local)

        // Another connection (as another process would) takes the write lock and keeps it.
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("DELETE FROM search_history")
        let writeEnded = Flag()
        let write = Task {
            defer { writeEnded.set() }
            try await stores.searchHistory.record("dogs", at: Date(), keepingNewest: 5, install: .local)
        }
        // Reads one after another while the write starts and waits: one that queued behind it
        // would be answered only once the write ended.
        for index in 0..<50 {
            let entries = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTAssertEqual(entries.map(\.query), ["cats"], "read \(index): the last committed state")
        }
        XCTAssertFalse(writeEnded.isSet, "the reads were answered while the write waited for the lock")

        try holder.execute("COMMIT")
        try await write.value
        let after = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(after.map(\.query), ["dogs"], "the write went on once the lock was free")
    }

    /// A write that cannot get the lock within the busy timeout fails as busy (a 503 with
    /// Retry-After), having waited the timeout out.
    func testAWriteThatCannotGetTheLockFailsAsBusyAfterTheBusyTimeout() async throws {
        let path = try makeDatabasePath()
        var options = Database.Options()
        options.busyTimeoutMilliseconds = 300
        let stores = try Stores.open(path: path, options: options)
        try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 5, install: .local)
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE")

        let started = ContinuousClock.now
        do {
            try await stores.searchHistory.record("dogs", at: Date(), keepingNewest: 5, install: .local)
            XCTFail("the write got a lock that another connection holds")
        } catch let failure as StoreFailure {
            XCTAssertEqual(failure, .busy(retryAfterSeconds: 1))
        }
        // A lower bound only (a loaded machine makes it longer, never shorter): it waited.
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(290), "it waited out the busy timeout")

        try holder.execute("COMMIT")
        try await stores.searchHistory.record("dogs", at: Date(), keepingNewest: 5, install: .local)
        let after = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(Set(after.map(\.query)), ["cats", "dogs"], "writes work again once the lock is free")
    }
}
