import Foundation
@testable import GifBFFApp
import Glibc
import HTTPServer
import TestSupport
import XCTest

/// Issue 44.6: under umask 022 the database, its WAL and every snapshot were 0644 in 0755 folders:
/// anyone on the host could read every install's favorites and searches. They are the server's
/// user's alone (0600 files, 0700 folders), whatever the umask, and what an older server left
/// readable by others is made private at start-up, each change logged.
final class PrivateFilesTests: XCTestCase {
    private var savedUmask: mode_t?

    /// The process's umask for this test; put back at teardown, also when an assertion throws.
    private func setUmask(_ mask: mode_t) {
        let previous = umask(mask)
        if savedUmask == nil {
            savedUmask = previous
            addTeardownBlock { [previous] in umask(previous) }
        }
    }

    /// The backups in `backups`, else in the server's folder beside the database.
    private func startServer(folder: URL? = nil, fake: APIHarness? = nil, backups: String? = nil) throws -> APIHarness {
        try APIHarness(self, fake: fake?.fake, folder: folder ?? fake?.folder) { configuration in
            configuration.backupFolder = backups ?? configuration.databasePath.replacingOccurrences(of: "favorites.sqlite3", with: "backups")
        }
    }

    /// `stat -c %a`: the permission bits in octal.
    private func mode(_ path: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Missing(path: path) }
        return String(status.st_mode & 0o7777, radix: 8)
    }

    private struct Missing: Error {
        let path: String
    }

    private func writtenCount(_ api: APIHarness) throws -> Int {
        let metrics = try api.get("/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("gif_bff_backups_total{outcome=\"written\"} ") }
        return Int(line?.split(separator: " ").last ?? "") ?? -1
    }

    /// The newest snapshot's path.
    private func takeSnapshot(_ api: APIHarness, backups: String? = nil) async throws -> String {
        let before = try writtenCount(api)
        XCTAssertTrue(api.app.requestBackup())
        try await waitUntil("the snapshot is written", timeout: .seconds(60)) { try writtenCount(api) > before }
        let folder = backups ?? api.folder.appendingPathComponent("backups").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("favorites-") }
        return folder + "/" + (try XCTUnwrap(names.sorted().last))
    }

    func testTheDatabaseItsWALTheBackupFolderAndEverySnapshotAreTheUsersAloneWhateverTheUmask() async throws {
        for mask: mode_t in [0o022, 0o000] {
            setUmask(mask)
            let api = try startServer()
            let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
            XCTAssertEqual(try api.addFavorite(id, nil).status, 201)
            let snapshot = try await takeSnapshot(api)
            let database = api.folder.appendingPathComponent("favorites.sqlite3").path
            let backups = api.folder.appendingPathComponent("backups").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: database + "-wal"), "a write made the WAL")
            XCTAssertEqual(try mode(database), "600", "umask \(String(mask, radix: 8))")
            XCTAssertEqual(try mode(database + "-wal"), "600", "SQLite gives the WAL its database's mode")
            XCTAssertEqual(try mode(api.folder.path), "700", "the database's folder, created by the server")
            XCTAssertEqual(try mode(backups), "700")
            XCTAssertEqual(try mode(snapshot), "600")
            XCTAssertEqual(try mode(backups + "/.favorites.snapshots"), "600", "the record of the snapshots written")
            await api.stop()
        }
    }

    func testFilesLeftReadableByOthersAreMadePrivateAtStartAndLogged() async throws {
        setUmask(0o022)
        let first = try startServer()
        let snapshot = try await takeSnapshot(first)
        await first.stopApp()
        let database = first.folder.appendingPathComponent("favorites.sqlite3").path
        let backups = first.folder.appendingPathComponent("backups").path
        // As an older gif-bff left them, or a copy made with the umask's modes.
        let foreign = backups + "/favorites-20990101T000000.000Z.sqlite3"
        try FileManager.default.copyItem(atPath: snapshot, toPath: foreign)
        for (path, bits) in [(database, 0o644), (backups, 0o755), (snapshot, 0o640), (foreign, 0o604)] {
            XCTAssertEqual(chmod(path, mode_t(bits)), 0)
        }

        let restarted = try startServer(fake: first)
        XCTAssertEqual(try mode(database), "600")
        XCTAssertEqual(try mode(backups), "700")
        XCTAssertEqual(try mode(snapshot), "600")
        XCTAssertEqual(try mode(foreign), "600", "every snapshot, whoever wrote it")
        let log = restarted.logSink.capturedText
        XCTAssertTrue(log.contains("msg=\"made private\" path=\(database) mode_before=644 mode=600"), log)
        XCTAssertTrue(log.contains("msg=\"made private\" path=\(backups) mode_before=755 mode=700"), log)
        XCTAssertEqual(try restarted.get("/readyz").status, 200)
    }

    /// A backup folder set by mistake to one other programs use is not taken from them: left as
    /// it is, and logged; the snapshots written in it are 0600 all the same.
    func testABackupFolderHoldingOtherFilesIsLeftAsItIsAndLogged() async throws {
        setUmask(0o022)
        let folder = try makeTemporaryFolder()
        let backups = folder.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(backups, 0o755), 0)
        try Data("another program's".utf8).write(to: URL(fileURLWithPath: backups + "/notes.txt"))
        let api = try startServer(folder: folder.appendingPathComponent("server"), backups: backups)
        let snapshot = try await takeSnapshot(api, backups: backups)
        XCTAssertEqual(try mode(backups), "755")
        XCTAssertEqual(try mode(snapshot), "600")
        XCTAssertTrue(api.logSink.capturedText.contains(
            "msg=\"readable by others\" path=\(backups) mode=755 reason=\"it holds files other than snapshots: left as it is\""),
                      api.logSink.capturedText)
    }

    /// A database path set by mistake to a file that is not a database: start-up stops, and the
    /// file's mode is as it was (it may be anyone's).
    func testAFileThatIsNotADatabaseKeepsItsMode() throws {
        let file = try makeTemporaryFolder().appendingPathComponent("shared.txt")
        try Data(String(repeating: "not a database\n", count: 20).utf8).write(to: file)
        XCTAssertEqual(chmod(file.path, 0o644), 0)
        XCTAssertThrowsError(try APIHarness(self) { configuration in configuration.databasePath = file.path })
        XCTAssertEqual(try mode(file.path), "644")
    }
}
