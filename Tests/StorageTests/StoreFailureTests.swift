import Foundation
import Service
import Model
import SQLite
import Storage
import TestSupport
import XCTest

/// What the repositories throw when the machine fails them: a full disk, a deleted file. And the
/// server's way of opening the database: one exclusive connection, no -shm, one file once closed.
final class StoreFailureTests: XCTestCase {
    func testAFullDatabaseIsStoreFailureFullForWritesWhileReadsGoOn() async throws {
        for options in [Database.Options(), AppDatabase.serverOptions] {
            let pool = try AppDatabase.open(path: try makeDatabasePath(), options: options)
            let stores = Stores(database: pool)
            try await stores.searchHistory.record("kept", at: Date(), keepingNewest: 5, install: .local)
            // SQLITE_FULL without filling a disk: the file may not grow past its current pages.
            try await pool.write { database in
                let pages = try database.queryFirst("PRAGMA page_count")?.int(at: 0) ?? 0
                try database.execute("PRAGMA max_page_count = \(pages)")
            }
            let snapshot = Data(repeating: 7, count: 64 * 1024)
            do {
                _ = try await stores.favorites.insertIfRoom(FavoriteRecord(id: "big", snapshot: snapshot, addedAt: Date()), limit: 20, install: .local)
                XCTFail("a write past the size limit succeeded")
            } catch let failure as StoreFailure {
                XCTAssertEqual(failure, .full)
            }
            let history = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTAssertEqual(history.map(\.query), ["kept"])
            let favoriteCount = try await stores.favorites.ids(install: .local).count
            XCTAssertEqual(favoriteCount, 0, "nothing half-written")
        }
    }

    func testAWriteToADeletedDatabaseIsRefusedAsUnavailable() async throws {
        for options in [Database.Options(), AppDatabase.serverOptions] {
            let path = try makeDatabasePath()
            let stores = try Stores.open(path: path, options: options)
            try await stores.searchHistory.record("before", at: Date(), keepingNewest: 5, install: .local)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            do {
                try await stores.searchHistory.record("after", at: Date(), keepingNewest: 5, install: .local)
                XCTFail("a write was acknowledged with no file to hold it")
            } catch let StoreFailure.unavailable(reason) {
                XCTAssertTrue(reason.contains("deleted or replaced"), reason)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the refused write made no file")
        }
    }

    /// The server's pool (with `reopen`) writes to a new file after refusing one write; the plain
    /// two-connection pool keeps refusing.
    func testAfterTheRefusedWriteTheServersPoolUsesANewFileAtThePath() async throws {
        let path = try makeDatabasePath()
        let stores = try Stores.open(path: path, options: AppDatabase.serverOptions)
        try await stores.searchHistory.record("before", at: Date(), keepingNewest: 5, install: .local)
        for suffix in ["", "-wal"] { try FileManager.default.removeItem(atPath: path + suffix) }
        do {
            try await stores.searchHistory.clear(install: .local)
            XCTFail("wrote into a deleted file")
        } catch is StoreFailure {}
        try await stores.searchHistory.record("after", at: Date(), keepingNewest: 5, install: .local)
        let history = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(history.map(\.query), ["after"])
        await stores.close()
        let reopened = try Stores.open(path: path)
        let kept = try await reopened.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(kept.map(\.query), ["after"], "the new file holds it")

        let plainPath = try makeDatabasePath()
        let plain = try Stores.open(path: plainPath)
        try FileManager.default.removeItem(atPath: plainPath)
        for _ in 0..<2 {
            do {
                try await plain.searchHistory.clear(install: .local)
                XCTFail("wrote into a deleted file")
            } catch is StoreFailure {}
        }
    }

    /// A database put in its place (a restored backup, with its own WAL) is taken over intact:
    /// closing the old connection must not checkpoint into it or delete its WAL.
    func testAReplacementDatabaseIsUsedIntact() async throws {
        let path = try makeDatabasePath()
        let stores = try Stores.open(path: path, options: AppDatabase.serverOptions)
        try await stores.searchHistory.record("old file", at: Date(), keepingNewest: 5, install: .local)
        // A copy of a database whose last row is only in its WAL, moved into place file by file.
        let backupPath = path + ".backup"
        let backup = try AppDatabase.open(path: backupPath)
        try await Stores(database: backup).searchHistory.record("backup", at: Date(), keepingNewest: 5, install: .local)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: backupPath + suffix, toPath: path + ".copy" + suffix)
        }
        await backup.close()
        for suffix in ["", "-wal"] {
            XCTAssertEqual(rename(path + ".copy" + suffix, path + suffix), 0)
        }

        do {
            try await stores.searchHistory.record("refused", at: Date(), keepingNewest: 5, install: .local)
            XCTFail("wrote into the file that was replaced")
        } catch let failure as StoreFailure {
            guard case .unavailable = failure else { return XCTFail("\(failure)") }
        }
        try await stores.searchHistory.record("new", at: Date(), keepingNewest: 5, install: .local)
        let history = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(history.map(\.query), ["new", "backup"])
    }

    func testTheServersDatabaseHasNoSHMFileLocksOutOthersAndClosesToOneFile() async throws {
        let path = try makeDatabasePath()
        let stores = try Stores.open(path: path, options: AppDatabase.serverOptions)
        try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 5, install: .local)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["test.sqlite3", "test.sqlite3-wal"])
        // Another process (Debian's sqlite3 shell) cannot read it: the lock is the process's.
        let shell = try XCTUnwrap(FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") ? "/usr/bin/sqlite3" : nil,
                                  "the sqlite3 shell (Debian's sqlite3) plays the other process")
        let other = Process()
        other.executableURL = URL(fileURLWithPath: shell)
        other.arguments = ["-bail", "-cmd", ".timeout 50", path, "SELECT count(*) FROM search_history;"]
        let errors = Pipe()
        other.standardError = errors
        other.standardOutput = Pipe()
        try other.run()
        other.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertNotEqual(other.terminationStatus, 0, "another process got in")
        XCTAssertTrue(message.contains("database is locked"), message)

        await stores.close()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["test.sqlite3"])
        do {
            _ = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTFail("a closed database answered")
        } catch let error as SQLiteError {
            XCTAssertEqual(error.primaryCode, ResultCode.misuse)
        }
        let reopened = try Stores.open(path: path)
        let history = try await reopened.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(history.map(\.query), ["cats"])
    }
}
