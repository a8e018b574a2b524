import Foundation
import Glibc
import SQLite
import Storage
import TestSupport
import XCTest

/// Issue 44.5: pruning goes by the snapshots this server wrote, in the order it wrote them (its
/// record in the folder), never by names alone, and never the one just written.
final class DatabaseSnapshotsTests: XCTestCase {
    private func snapshots(keep: Int) throws -> (DatabaseSnapshots, folder: String) {
        let folder = try makeTemporaryFolder()
        let database = folder.appendingPathComponent("gif-bff.sqlite3").path
        let pool = try AppDatabase.open(path: database)
        addTeardownBlock { await pool.close() }
        let backups = folder.appendingPathComponent("backups").path
        return (DatabaseSnapshots(databasePath: database, options: Database.Options(), folder: backups, keep: keep), backups)
    }

    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    private func date(_ text: String) throws -> Date {
        try XCTUnwrap(ISO8601DateFormatter().date(from: text))
    }

    /// A clock set back from 2030 to 2026: the 2026 snapshot is the newest written, kept; the 2030
    /// one, also ours, is the older and goes.
    func testPruningGoesByTheOrderWrittenNotByNames() async throws {
        let (snapshots, folder) = try snapshots(keep: 1)
        let ahead = try await snapshots.take(now: try date("2030-01-01T00:00:00Z"))
        let back = try await snapshots.take(now: try date("2026-01-01T00:00:00Z"))
        XCTAssertEqual(back.pruned, 1)
        XCTAssertEqual(back.foreign, 0)
        XCTAssertEqual(try names(in: folder), [URL(fileURLWithPath: back.path).lastPathComponent])
        XCTAssertFalse(FileManager.default.fileExists(atPath: ahead.path))
    }

    /// A folder an older gif-bff filled (it kept no record): its snapshots named before now are
    /// taken as this server's and pruned oldest first; one named for 2099 is not, and stays.
    func testAFolderWithoutARecordHasItsPastSnapshotsTakenAsOursButNotFutureOnes() async throws {
        let (snapshots, folder) = try snapshots(keep: 2)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let past = ["gif-bff-20200101T000000.000Z.sqlite3", "gif-bff-20200102T000000.000Z.sqlite3"]
        let future = "gif-bff-20990101T000000.000Z.sqlite3"
        for name in past + [future] {
            try Data("an older snapshot".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let new = try await snapshots.take(now: try date("2026-06-01T00:00:00Z"))
        XCTAssertEqual(new.pruned, 1)
        XCTAssertEqual(new.foreign, 1)
        XCTAssertEqual(try names(in: folder), [past[1], URL(fileURLWithPath: new.path).lastPathComponent, future])
    }

    /// A record larger than any this server writes is not read (a file from outside cannot fill
    /// memory), so it is not ours: a future-named snapshot it lists is not taken as ours either.
    func testARecordPastItsBoundIsNotReadAsOurs() async throws {
        let (snapshots, folder) = try snapshots(keep: 1)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let future = "gif-bff-20990101T000000.000Z.sqlite3"
        try Data("a snapshot from elsewhere".utf8).write(to: URL(fileURLWithPath: folder + "/" + future))
        let padding = String(repeating: "x", count: DatabaseSnapshots.maxRecordBytes)
        try Data((future + "\n" + padding + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/.gif-bff.snapshots"))
        let new = try await snapshots.take(now: try date("2026-06-01T00:00:00Z"))
        XCTAssertEqual(new.pruned, 0)
        XCTAssertEqual(try names(in: folder), [URL(fileURLWithPath: new.path).lastPathComponent, future])
    }
}

/// A small file named from outside is read only if it is a regular file within its bound.
final class BoundedFileTests: XCTestCase {
    func testAFIFOADeviceAndAFileTooLargeAreRefusedAFileWithinItsBoundIsRead() throws {
        let folder = try makeTemporaryFolder()
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try BoundedFile.read(fifo, maxBytes: 10)) { XCTAssertEqual($0 as? BoundedFile.Failure, .notARegularFile) }
        XCTAssertThrowsError(try BoundedFile.read("/dev/zero", maxBytes: 10)) {
            XCTAssertEqual($0 as? BoundedFile.Failure, .notARegularFile)
        }
        let file = folder.appendingPathComponent("file")
        try Data("0123456789".utf8).write(to: file)
        XCTAssertEqual(try BoundedFile.read(file.path, maxBytes: 10), Array("0123456789".utf8))
        XCTAssertThrowsError(try BoundedFile.read(file.path, maxBytes: 9)) { XCTAssertEqual($0 as? BoundedFile.Failure, .tooLarge) }
    }
}
