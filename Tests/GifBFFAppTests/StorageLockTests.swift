import Foundation
import GifBFFApp
import HTTPServer
import TestSupport
import XCTest

/// gif-bff holds its database's lock while it runs (exclusive locking mode, see
/// `AppDatabase.serverOptions`): another process can neither take the write lock from it nor
/// stall it, and the event loop never waits for the database.
final class StorageLockTests: XCTestCase {
    /// Debian's sqlite3 shell, as the other process.
    private static let sqliteShell = "/usr/bin/sqlite3"

    func testAnotherProcessCannotTakeTheLockWhileTheServerKeepsAnsweringFast() async throws {
        let harness = try APIHarness(self) { $0.server.eventLoopCount = 1 }
        let databasePath = harness.folder.appendingPathComponent("favorites.sqlite3").path
        let keptAlive = try RawClient(port: harness.app.port, timeout: 10)
        XCTAssertEqual(try Self.timedHealthz(on: keptAlive).status, 200)

        // The other process waits up to a second for the lock, then gives up.
        let contender = Process()
        contender.executableURL = URL(fileURLWithPath: Self.sqliteShell)
        contender.arguments = ["-bail", "-cmd", ".timeout 1000", databasePath, "BEGIN IMMEDIATE; DELETE FROM favorite; COMMIT;"]
        let errors = Pipe()
        contender.standardError = errors
        try contender.run()
        addTeardownBlock {
            if contender.isRunning { kill(contender.processIdentifier, SIGKILL) }
            contender.waitUntilExit()
        }

        let measuredUntil = ContinuousClock.now + .milliseconds(800)
        var latencies: [Duration] = []
        var writes: [Int] = []
        while ContinuousClock.now < measuredUntil {
            let (fresh, freshTook) = try Self.timed { try harness.get("/healthz") }
            XCTAssertEqual(fresh.status, 200)
            let (reused, reusedTook) = try Self.timed { try Self.timedHealthz(on: keptAlive) }
            XCTAssertEqual(reused.status, 200)
            let (write, writeTook) = try Self.timed { try harness.send("DELETE", "/search/history") }
            writes.append(write.status)
            latencies += [freshTook, reusedTook, writeTook]
            try await Task.sleep(for: .milliseconds(40))
        }
        XCTAssertGreaterThanOrEqual(latencies.count, 10)
        // Waiting behind the other process would cost its 1 s wait, or our 250 ms busy timeout at
        // least: every answer well under that. (50 ms was the bound; 87 ms once on a loaded machine.)
        for latency in latencies {
            XCTAssertLessThan(latency, .milliseconds(200), "healthz and writes while another process wants the lock: \(latencies)")
        }
        XCTAssertEqual(Set(writes), [204], "the server's writes never wait for the other process")

        contender.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // The teardown block keeps the Process, and the Process its pipe, until the run ends.
        try errors.fileHandleForReading.close()
        XCTAssertNotEqual(contender.terminationStatus, 0, "the other process never got the lock")
        XCTAssertTrue(message.contains("database is locked"), message)
        XCTAssertEqual(try harness.get("/favorites").status, 200)
    }

    func testStartingWhileAnotherProcessHoldsTheLockFailsWithAClearError() async throws {
        let first = try APIHarness(self)
        await first.stopApp()
        let databasePath = first.folder.appendingPathComponent("favorites.sqlite3").path
        _ = try startLockHolder(databasePath: databasePath, seconds: 3)
        XCTAssertThrowsError(try APIHarness(self, fake: first.fake, folder: first.folder)) { error in
            XCTAssertTrue("\(error)".contains("database is locked"), "\(error)")
        }
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
            // XCTest keeps this block, so the Process and its pipe, until the run ends.
            try? output.fileHandleForReading.close()
        }
        input.fileHandleForWriting.write(Data("""
            BEGIN IMMEDIATE;
            .print locked
            .shell sleep \(seconds)
            COMMIT;

            """.utf8))
        try input.fileHandleForWriting.close()
        let line = try TestSupport.readLine(from: output.fileHandleForReading, timeout: 10)
        XCTAssertEqual(line, "locked\n")
        return process
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
