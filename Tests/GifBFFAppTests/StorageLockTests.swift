import Foundation
import GifBFFApp
import HTTPServer
import TestSupport
import XCTest

/// gif-bff holds its database's lock while it runs (exclusive locking mode, see
/// `AppDatabase.serverOptions`): another process can neither take the write lock from it nor
/// stall it. Checked by order: the server writes while the other process waits for the lock.
final class StorageLockTests: XCTestCase {
    /// Debian's sqlite3 shell, as the other process.
    private static let sqliteShell = "/usr/bin/sqlite3"

    func testAnotherProcessCannotTakeTheLockWhileTheServerKeepsAnswering() async throws {
        let harness = try APIHarness(self) { $0.server.eventLoopCount = 1 }
        let databasePath = harness.folder.appendingPathComponent("favorites.sqlite3").path
        let keptAlive = try RawClient(port: harness.app.port, timeout: eventTimeoutSeconds)
        XCTAssertEqual(try Self.healthz(on: keptAlive).status, 200)

        // The other process asks for the write lock and would wait for it longer than the test
        // runs: a lock it got would end its wait at once (and its statement, and the process).
        let contender = try startContender(databasePath: databasePath, waitingMilliseconds: 600_000)
        let asking = try TestSupport.readLine(from: contender.output, timeout: eventTimeoutSeconds)
        XCTAssertEqual(asking, "asking\n")

        // Meanwhile the server answers and writes. A write that waited behind the other process
        // would be answered 503 storage_busy once our busy timeout (250 ms) ran out.
        for round in 0..<10 {
            XCTAssertEqual(try harness.get("/healthz").status, 200, "round \(round)")
            XCTAssertEqual(try Self.healthz(on: keptAlive).status, 200, "round \(round)")
            let write = try harness.send("DELETE", "/search/history")
            XCTAssertEqual(write.status, 204, "round \(round): the server's write waited for the other process: \(write.text)")
        }
        XCTAssertTrue(contender.process.isRunning, "the other process still waits: it never got the lock")
        XCTAssertEqual(try harness.get("/favorites").status, 200)

        // One that does not wait is told at once.
        let impatient = try startContender(databasePath: databasePath, waitingMilliseconds: 0)
        XCTAssertEqual(try TestSupport.readLine(from: impatient.output, timeout: eventTimeoutSeconds), "asking\n")
        impatient.process.waitUntilExit()
        XCTAssertNotEqual(impatient.process.terminationStatus, 0, "the other process never got the lock")
        let message = String(decoding: impatient.errors.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("database is locked"), message)
    }

    /// The sqlite3 shell asking for the write lock on `databasePath` (to delete every favorite),
    /// waiting up to `waitingMilliseconds` for it; it prints "asking" first. Killed at teardown.
    private func startContender(databasePath: String, waitingMilliseconds: Int) throws
        -> (process: Process, output: FileHandle, errors: FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sqliteShell)
        process.arguments = ["-bail", databasePath]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Commands on its input: the shell prints each line's output at once there (not from -cmd).
        input.fileHandleForWriting.write(Data("""
            .timeout \(waitingMilliseconds)
            .print asking
            BEGIN IMMEDIATE; DELETE FROM favorite; COMMIT;

            """.utf8))
        try input.fileHandleForWriting.close()
        addTeardownBlock {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            // XCTest keeps this block, so the Process and its pipes, until the run ends.
            try? output.fileHandleForReading.close()
            try? errors.fileHandleForReading.close()
        }
        return (process, output.fileHandleForReading, errors.fileHandleForReading)
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

    private static func healthz(on client: RawClient) throws -> RawClient.Response {
        try client.send(request("GET", "/healthz"))
        return try client.readResponse()
    }
}
