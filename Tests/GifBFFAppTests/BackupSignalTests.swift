import Foundation
import Glibc
import TestSupport
import XCTest

/// Issue 33.4, as an operator runs it: SIGUSR1 to the executable takes a snapshot at once; backups
/// and PostgreSQL do not go together.
extension ExecutableTests {
    /// For a test that throws half-way: the child never outlives it.
    private func killIfRunning(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func testSIGUSR1TakesASnapshotThatIsLoggedAndCounted() async throws {
        let backups = folder.appendingPathComponent("backups")
        let (process, errors, log) = try launchUntilListening(environment: ["GIF_BFF_BACKUP_DIR": backups.path])
        defer { killIfRunning(process) }
        let client = RawTestClient(port: try XCTUnwrap(port(in: log), log))
        kill(process.processIdentifier, SIGUSR1)
        try await waitUntil("a snapshot is counted", timeout: .seconds(30)) {
            try client.get("/metrics").contains("gif_bff_backups_total{outcome=\"written\"} 1")
        }
        // Hidden: the record of the snapshots written (see DatabaseSnapshots).
        let names = try FileManager.default.contentsOfDirectory(atPath: backups.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(names.count, 1, "\(names)")
        XCTAssertNotNil(names.first?.wholeMatch(of: #/db-\d{8}T\d{6}\.\d{3}Z\.sqlite3/#), "\(names)")
        kill(process.processIdentifier, SIGTERM)
        XCTAssertTrue(finish(process, within: 10))
        XCTAssertEqual(process.terminationStatus, 0)
        let rest = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let line = try XCTUnwrap(rest.split(separator: "\n").first { $0.contains(#"msg="backup written""#) }, rest)
        XCTAssertTrue(line.contains("path=\(backups.path)/\(names[0])") && line.contains(" bytes=") && line.contains(" milliseconds="), String(line))
    }

    /// Without a backup folder, SIGUSR1 (whose default action would end the process) is logged and ignored.
    func testSIGUSR1WithoutABackupFolderIsIgnored() throws {
        let (process, errors, log) = try launchUntilListening()
        defer { killIfRunning(process) }
        kill(process.processIdentifier, SIGUSR1)
        XCTAssertTrue(try RawTestClient(port: try XCTUnwrap(port(in: log), log)).get("/healthz").hasPrefix("HTTP/1.1 200"))
        try assertSIGTERMEndsItWithStatus0(process, errors)
    }

    func testABackupSettingWithPostgreSQLStopsStartUpNamingPgDump() throws {
        let url = "postgresql://gif:SECRET@127.0.0.1:\(try FreePort.loopback())/gifs"
        for setting in ["GIF_BFF_BACKUP_DIR", "GIF_BFF_BACKUP_KEEP", "GIF_BFF_BACKUP_INTERVAL_MINUTES"] {
            let (process, _, errors) = try launch(["--port", "0"], environment: ["GIF_BFF_DATABASE_URL": url, setting: "5"])
            XCTAssertTrue(finish(process, within: 10))
            XCTAssertEqual(process.terminationStatus, 2)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(message.contains(setting) && message.contains("pg_dump"), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
    }
}
