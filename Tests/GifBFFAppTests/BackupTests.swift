import Foundation
@testable import GifBFFApp
import HTTPServer
import SQLite
import Synchronization
import TestSupport
import XCTest

/// Issue 33.4: snapshots of the SQLite file while the server runs, taken from inside (the file is
/// locked against every other process). Restoring one is "stop, copy it over the database,
/// start": everything of its moment is back, nothing after it.
final class BackupTests: XCTestCase {
    private func startServer(keep: Int = 5, everyMinutes minutes: Double = 60, on previous: APIHarness? = nil) throws -> APIHarness {
        try APIHarness(self, favoritesLimit: 500, fake: previous?.fake, folder: previous?.folder) { configuration in
            configuration.backupFolder = configuration.databasePath.replacingOccurrences(of: "favorites.sqlite3", with: "backups")
            configuration.backupKeep = keep
            configuration.backupIntervalMinutes = minutes
        }
    }

    private func backupFolder(_ api: APIHarness) -> URL { api.folder.appendingPathComponent("backups") }

    /// The snapshots' names, oldest first (hidden temporary files left out).
    private func snapshotNames(_ api: APIHarness) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: backupFolder(api).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    private func writtenCount(_ api: APIHarness) throws -> Int {
        let metrics = try api.get("/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("gif_bff_backups_total{outcome=\"written\"} ") }
        return Int(line?.split(separator: " ").last ?? "") ?? -1
    }

    /// Asks for a snapshot as SIGUSR1 does and waits until /metrics counts it; the newest snapshot's path.
    private func takeSnapshot(_ api: APIHarness) async throws -> URL {
        let before = try writtenCount(api)
        XCTAssertTrue(api.app.requestBackup())
        try await waitUntil("the snapshot is written", timeout: .seconds(60)) { try writtenCount(api) > before }
        return backupFolder(api).appendingPathComponent(try XCTUnwrap(snapshotNames(api).last))
    }

    private func history(_ api: APIHarness, _ install: RegisteredInstall) throws -> [String] {
        let answer = try api.send("GET", "/search/history", headers: [install.authorization])
        XCTAssertEqual(answer.status, 200, answer.text)
        return ((answer.json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["query"] as? String }
    }

    private func add(_ api: APIHarness, _ id: String, _ install: RegisteredInstall? = nil) throws {
        let answer = try api.addFavorite(id, install)
        XCTAssertEqual(answer.status, 201, answer.text)
    }

    func testARestoredSnapshotHasEveryFavoriteInstallAndHistoryEntryOfItsMomentAndNothingAfter() async throws {
        let api = try startServer()
        let ids = try api.trendingIDs(count: 6)
        try add(api, ids[0])
        try add(api, ids[1])
        let install = try api.registerInstall()
        try add(api, ids[2], install)
        try add(api, ids[3], install)
        XCTAssertEqual(try api.send("GET", "/search?q=alpine", headers: [install.authorization]).status, 200)
        await api.flushWrites()
        let localThen = try api.favoriteIDs(nil)
        let installThen = try api.favoriteIDs(install)
        let historyThen = try history(api, install)
        XCTAssertEqual(historyThen, ["alpine"])
        let snapshot = try await takeSnapshot(api)

        // After the snapshot: a favorite each, a search, a new install.
        try add(api, ids[4])
        try add(api, ids[5], install)
        XCTAssertEqual(try api.send("GET", "/search?q=beach", headers: [install.authorization]).status, 200)
        let later = try api.registerInstall()
        XCTAssertEqual(try api.favoriteIDs(later), [])
        await api.flushWrites()
        XCTAssertEqual(try history(api, install), ["beach", "alpine"])

        await api.stopApp()
        let database = api.folder.appendingPathComponent("favorites.sqlite3")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path + "-wal"), "a stopped server leaves no WAL to mix in")
        try FileManager.default.removeItem(at: database)
        try FileManager.default.copyItem(at: snapshot, to: database)
        let restored = try startServer(on: api)
        XCTAssertEqual(try restored.favoriteIDs(nil), localThen)
        XCTAssertEqual(try restored.favoriteIDs(install), installThen)
        XCTAssertEqual(try history(restored, install), historyThen)
        XCTAssertEqual(try restored.send("GET", "/favorites", headers: [later.authorization]).status, 401,
                       "the install made after the snapshot is not there")
    }

    /// Every GIF_BFF_BACKUP_INTERVAL_MINUTES (here 0.02: 1.2 s), unasked.
    func testTheIntervalTakesSnapshotsUnasked() async throws {
        let api = try startServer(everyMinutes: 0.02)
        try await waitUntil("two snapshots are written", timeout: .seconds(60)) { try writtenCount(api) >= 2 }
        XCTAssertGreaterThanOrEqual(snapshotNames(api).count, 2)
    }

    func testPruningKeepsTheNewestN() async throws {
        let api = try startServer(keep: 2)
        var taken: [String] = []
        for _ in 1...4 {
            taken.append(try await takeSnapshot(api).lastPathComponent)
        }
        XCTAssertEqual(Set(taken).count, 4, "every snapshot has a name of its own")
        XCTAssertEqual(taken, taken.sorted(), "names sort as times do")
        XCTAssertEqual(snapshotNames(api), Array(taken.suffix(2)))
    }

    /// Issue 44.5: three snapshots named for 2097-2099 (a clock once ahead, a folder copied from
    /// another host) sorted after every new one, and pruning by names deleted each new snapshot as
    /// soon as it was written. Pruning goes by what this server wrote: the foreign files are left
    /// alone and not counted, each new snapshot stays, and the newest `keep` of ours are kept.
    func testSnapshotsNamedForTheFutureAreLeftAloneAndNeverPushOutNewOnes() async throws {
        let api = try startServer(keep: 2)
        let folder = backupFolder(api)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let future = (2097...2099).map { "favorites-\($0)0101T000000.000Z.sqlite3" }
        for name in future {
            try Data("a snapshot from a clock once ahead".utf8).write(to: folder.appendingPathComponent(name))
        }
        var taken: [String] = []
        for round in 1...4 {
            let before = Set(snapshotNames(api))
            _ = try await takeSnapshot(api)
            let new = Set(snapshotNames(api)).subtracting(before)
            XCTAssertEqual(new.count, 1, "round \(round): the snapshot just written is there, \(snapshotNames(api))")
            taken += new
        }
        XCTAssertEqual(snapshotNames(api), (taken.suffix(2) + future).sorted())
        XCTAssertTrue(api.logSink.capturedText.contains("pruned=1 foreign=3"), api.logSink.capturedText)
    }

    /// While requests write (favorites added and removed, searches kept in history and the cache),
    /// snapshots are taken: a file with a snapshot's name is whole from the moment it has that
    /// name (its size then is its size for good), and every snapshot passes integrity_check.
    func testSnapshotsTakenWhileWritesGoOnAreWholeAndIntact() async throws {
        let api = try startServer(on: try await seeded(megabytes: 32))
        let ids = try api.trendingIDs(count: 4)
        let stop = Flag()
        let rounds = Counter()
        let writer = Task.detached {
            var round = 0
            while !stop.value.load(ordering: .relaxed) {
                round += 1
                rounds.value.store(round, ordering: .relaxed)
                let id = ids[round % ids.count]
                _ = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
                _ = try api.get("/search?q=write\(round)")
                _ = try api.send("DELETE", "/favorites/\(id)")
            }
            return round
        }
        let firstSeenSizes = FirstSeenSizes()
        let watcher = Task.detached { [backups = backupFolder(api)] in
            while !stop.value.load(ordering: .relaxed) {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: backups.path)) ?? [] where !name.hasPrefix(".") {
                    let size = (try? FileManager.default.attributesOfItem(atPath: backups.appendingPathComponent(name).path)[.size] as? Int) ?? -1
                    firstSeenSizes.sizes.withLock { seen in if seen[name] == nil { seen[name] = size } }
                }
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        var snapshots: [URL] = []
        for _ in 1...3 {
            // Writes made since the last snapshot, and going on through this one.
            let seen = rounds.value.load(ordering: .relaxed)
            try await waitUntil("the writes go on") { rounds.value.load(ordering: .relaxed) >= seen + 3 }
            snapshots.append(try await takeSnapshot(api))
        }
        // The watcher polls on its own task: it stops only once it has looked since the last
        // snapshot got its name (stopped at once, a busy machine could leave that name unseen).
        try await waitUntil("the watcher saw every snapshot") {
            firstSeenSizes.sizes.withLock { seen in snapshots.allSatisfy { seen[$0.lastPathComponent] != nil } }
        }
        stop.value.store(true, ordering: .relaxed)
        let written = try await writer.value
        await watcher.value
        XCTAssertGreaterThan(written, 9)
        let seen = firstSeenSizes.sizes.withLock { $0 }
        for snapshot in snapshots {
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: snapshot.path)[.size] as? Int)
            XCTAssertEqual(seen[snapshot.lastPathComponent], size, "\(snapshot.lastPathComponent) was whole when it got its name")
            let opened = try Database(path: try copy(of: snapshot).path)
            XCTAssertEqual(try opened.queryFirst("PRAGMA integrity_check")?.text(at: 0), "ok")
        }
        XCTAssertEqual(Set(seen.keys), Set(snapshots.map(\.lastPathComponent)), "no other name ever appeared")
    }

    /// A server's database filled with `megabytes` of cached answers, then the server stopped:
    /// a snapshot of it takes long enough to be caught half-written by a watcher polling each
    /// millisecond (a few milliseconds for a database of a few pages).
    private func seeded(megabytes: Int) async throws -> APIHarness {
        let api = try startServer()
        await api.stopApp()
        let database = try Database(path: api.folder.appendingPathComponent("favorites.sqlite3").path)
        let value = SQLiteValue.blob(Data(repeating: 0x7B, count: 32 * 1024))
        try database.writeTransaction {
            for row in 0..<(megabytes * 32) {
                try database.execute("INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES (?, ?, 0, 0)",
                                     [.text("seed|\(row)"), value])
            }
        }
        return api
    }

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Each file name seen in the backup folder, with its size when first seen.
    private final class FirstSeenSizes: Sendable {
        let sizes = Mutex<[String: Int]>([:])
    }

    /// A copy outside the backup folder, so opening it leaves the snapshot as it was.
    private func copy(of snapshot: URL) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-restore-\(UUID().uuidString).sqlite3")
        try FileManager.default.copyItem(at: snapshot, to: copy)
        addTeardownBlock {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy.path + suffix) }
        }
        return copy
    }
}
