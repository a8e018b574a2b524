import Foundation
import SQLite
import Storage
import TestSupport
import XCTest

/// The real `gif-bff` on a database it cannot use as is: one from a newer gif-bff, one whose
/// upgrade fails. Each stops start-up with status 2 and one line saying why, and leaves the file
/// exactly as it was.
final class DatabaseVersionExecutableTests: XCTestCase {
    func testADatabaseFromANewerGifBFFExitsWith2SayingSo() throws {
        let path = try makeDatabasePath()
        let before: String
        do {
            let database = try Database(path: path)
            try Schema.migrator.migrate(database)
            try database.setUserVersion(Schema.migrator.latestVersion + 1)
            before = try database.contentsAsText()
        }
        let (status, message) = try runGifBFF(database: path)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.contains("has schema version \(Schema.migrator.latestVersion + 1), newer than this program's "
                                       + "\(Schema.migrator.latestVersion)"), message)
        XCTAssertTrue(message.contains(path), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertEqual(try Database(path: path).contentsAsText(), before)
    }

    /// A version 5 database holding a GIF saved before items named their provider; a trigger
    /// refuses the rewrite that version 6 makes of it.
    func testAnUpgradeThatFailsExitsWith2AndLeavesTheDatabaseAsItWas() throws {
        let path = try makeDatabasePath()
        let before: String
        do {
            let database = try Database(path: path)
            try Migrator(Array(Schema.migrator.migrations.prefix(5))).migrate(database)
            let snapshot = #"{"id":"old","images":{"original":{"url":"https://m/o.gif"}},"title":"Old","url":"https://giphy.com/gifs/old"}"#
            try database.execute("INSERT INTO favorite (gif_id, snapshot, added_at) VALUES ('old', ?, 1000)", [.blob(Data(snapshot.utf8))])
            try database.execute("""
                CREATE TRIGGER refuse_snapshot_update BEFORE UPDATE ON favorite
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """)
            before = try database.contentsAsText()
        }
        let (status, message) = try runGifBFF(database: path)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.contains("cannot upgrade the database \(path) from schema version 5 to \(Schema.migrator.latestVersion)"), message)
        XCTAssertTrue(message.contains("left as it was"), message)
        XCTAssertTrue(message.contains("refused by the test"), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertEqual(try Database(path: path).contentsAsText(), before, "still version 5, with its favorite")
    }

    /// Runs gif-bff on `database` until it exits (killed after 20 s); its status and stderr.
    private func runGifBFF(database: String) throws -> (Int32, String) {
        guard let executable = ExecutableTests.executable else { throw XCTSkip("gif-bff was not built next to the tests") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0"]
        process.environment = ["GIF_BFF_DATABASE": database].merging(Sanitizer.childEnvironment) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("gif-bff kept running")
        }
        // Also when it ended by itself: Foundation keeps a Process it has not seen end, and its pipe.
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
