import Foundation
import TestSupport
import XCTest

/// Another process holding the database's write lock must not stall the server: with one event
/// loop, the loop only parses and writes sockets while the database waits on its own threads.
final class StorageLockTests: XCTestCase {
    /// Debian's sqlite3 shell, as the other process.
    private static let sqliteShell = "/usr/bin/sqlite3"

    func testHealthzAnswersWithin50msWhileAnotherProcessHoldsTheWriteLock() async throws {
        let harness = try APIHarness(self) { $0.server.eventLoopCount = 1 }
        let databasePath = harness.folder.appendingPathComponent("favorites.sqlite3").path
        let keptAlive = try RawClient(port: harness.app.port, timeout: 10)
        XCTAssertEqual(try Self.timedHealthz(on: keptAlive).status, 200)

        let holder = try startLockHolder(databasePath: databasePath, seconds: 3)
        // Writes that must wait for the lock, on connections of their own: each waits the short busy
        // timeout, then is refused as 503 storage_busy, and nothing else waits with them.
        let writers = try (0..<6).map { _ in try RawClient(port: harness.app.port, timeout: 10) }
        for writer in writers {
            try writer.send(request("DELETE", "/search/history"))
        }

        let measuredUntil = ContinuousClock.now + .seconds(1)
        var latencies: [Duration] = []
        while ContinuousClock.now < measuredUntil {
            let (fresh, freshTook) = try Self.timed { try harness.get("/healthz") }
            XCTAssertEqual(fresh.status, 200)
            let (reused, reusedTook) = try Self.timed { try Self.timedHealthz(on: keptAlive) }
            XCTAssertEqual(reused.status, 200)
            latencies += [freshTook, reusedTook]
            try await Task.sleep(for: .milliseconds(40))
        }
        XCTAssertTrue(holder.isRunning, "the lock was held for the whole measurement")
        XCTAssertGreaterThanOrEqual(latencies.count, 10)
        for latency in latencies {
            XCTAssertLessThan(latency, .milliseconds(50), "GET /healthz while the database is locked: \(latencies)")
        }
        let (favorites, favoritesTook) = try Self.timed { try harness.get("/favorites") }
        XCTAssertEqual(favorites.status, 200)
        XCTAssertLessThan(favoritesTook, .milliseconds(200), "reads go on while writes wait for the lock")

        for writer in writers {
            let refused = try writer.readResponse()
            XCTAssertEqual(refused.status, 503, refused.text)
            XCTAssertEqual(refused.header("Retry-After"), "1")
            XCTAssertTrue(refused.text.contains("\"code\":\"storage_busy\""), refused.text)
        }
        holder.waitUntilExit()
        XCTAssertEqual(holder.terminationStatus, 0, "the other process held the lock and committed")
        XCTAssertEqual(try harness.send("DELETE", "/search/history").status / 100, 2, "writes work again after the lock is freed")
        XCTAssertEqual(try harness.get("/healthz").status, 200)
    }

    /// Starts the sqlite3 shell holding the write lock for `seconds`; returns once it holds it.
    private func startLockHolder(databasePath: String, seconds: Int) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sqliteShell)
        process.arguments = [databasePath]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        addTeardownBlock {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("""
            BEGIN IMMEDIATE;
            .print locked
            .shell sleep \(seconds)
            COMMIT;

            """.utf8))
        try input.fileHandleForWriting.close()
        let line = try readLine(from: output.fileHandleForReading, timeout: 10)
        XCTAssertEqual(line, "locked\n")
        return process
    }

    /// Reads until a full line arrives, giving up after `timeout`.
    private func readLine(from handle: FileHandle, timeout: TimeInterval) throws -> String {
        var buffer = Data()
        let deadline = Date().addingTimeInterval(timeout)
        while !buffer.contains(UInt8(ascii: "\n")) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw XCTestError(.timeoutWhileWaiting) }
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    private static func timedHealthz(on client: RawClient) throws -> RawClient.Response {
        try client.send(request("GET", "/healthz"))
        return try client.readResponse()
    }

    private static func timed<T>(_ body: () throws -> T) throws -> (T, Duration) {
        let start = ContinuousClock.now
        let result = try body()
        return (result, ContinuousClock.now - start)
    }
}
