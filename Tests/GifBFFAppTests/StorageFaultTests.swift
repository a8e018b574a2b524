import Foundation
import HTTPServer
import TestSupport
import XCTest

/// The database failing under a running server (issue 16): a full disk, the file deleted, its side
/// files made unwritable. Each ends in a stable problem for the writes a user asked for, answers
/// for everything else, no crash, and no write acknowledged that no file holds.
final class StorageFaultTests: XCTestCase {
    /// The write that finds the file gone is refused and logged; later writes go to a new file at
    /// the configured path; every write answered 201 is still there after a restart.
    func testDeletedDatabaseRefusesTheWriteThatFindsOutThenUsesANewFile() async throws {
        let api = try APIHarness(self)
        let ids = try trendingIDs(api, count: 3)
        XCTAssertEqual(try addFavorite(api, ids[0]).status, 201)
        await api.flushWrites()
        deleteDatabase(of: api)

        // A write with nothing written before it in the request (adding a favorite first caches the GIF).
        let refused = try api.send("DELETE", "/search/history")
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual(refused.json?["code"] as? String, "storage_unavailable")
        XCTAssertEqual(refused.header("Content-Type"), "application/problem+json")
        XCTAssertNotNil(refused.header("Retry-After"))
        XCTAssertTrue(api.logSink.capturedText.contains("deleted or replaced"), "the failure is logged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath(of: api)), "nothing was written for the refused request")

        XCTAssertEqual(try addFavorite(api, ids[1]).status, 201, "the next write uses a new file")
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath(of: api)))
        XCTAssertEqual(try favoriteIDs(api), [ids[1]])

        // Deleted again: a search's bookkeeping write finds out, and the search is still answered.
        deleteDatabase(of: api)
        XCTAssertEqual(try api.get("/search?q=deleted%20database%20query").status, 200)
        await api.flushWrites()
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_bookkeeping_write_failures_total{write=\"response_cache\"} 1"), metrics)
        XCTAssertEqual(try addFavorite(api, ids[2]).status, 201)

        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder)
        XCTAssertEqual(try favoriteIDs(restarted), [ids[2]], "each 201 since the last deletion is on disk")
    }

    /// Issue 44: reads still answer from the deleted file's open descriptor, so a trivial read said
    /// "ready" while no write could be kept. /readyz is 503 `not_ready` until a write has moved the
    /// server to a file at its path, then 200 again.
    func testReadyzIs503WhileTheDatabaseFileIsDeletedAndReadyOnceANewFileIsUsed() async throws {
        let api = try APIHarness(self)
        let ids = try trendingIDs(api, count: 2)
        XCTAssertEqual(try addFavorite(api, ids[0]).status, 201)
        await api.flushWrites()
        XCTAssertEqual(try api.get("/readyz").status, 200)
        deleteDatabase(of: api)

        let notReady = try api.get("/readyz")
        XCTAssertEqual(notReady.status, 503, notReady.text)
        XCTAssertEqual(notReady.json?["code"] as? String, "not_ready")
        XCTAssertEqual(notReady.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(notReady.header("Cache-Control"), "no-store")
        XCTAssertTrue((notReady.json?["detail"] as? String ?? "").contains("deleted or replaced"), notReady.text)
        XCTAssertFalse(notReady.text.contains(databasePath(of: api)), "the answer names no path of the server")
        XCTAssertEqual(try api.get("/readyz").status, 503, "it stays so while nothing writes")
        XCTAssertEqual(try api.get("/healthz").status, 200, "liveness is another question")

        XCTAssertEqual(try api.send("DELETE", "/search/history").status, 503, "the write that finds out is refused")
        XCTAssertEqual(try addFavorite(api, ids[1]).status, 201, "the next one goes to a new file")
        let ready = try api.get("/readyz")
        XCTAssertEqual(ready.status, 200, ready.text)
    }

    /// Replaced rather than deleted (a copy renamed over it, as `mv` does): the same, and ready
    /// again once the server uses the copy.
    func testReadyzIs503WhileTheDatabaseFileIsReplaced() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.get("/readyz").status, 200)
        let copy = api.folder.appendingPathComponent("copy.sqlite3").path
        try FileManager.default.copyItem(atPath: databasePath(of: api), toPath: copy)
        XCTAssertEqual(rename(copy, databasePath(of: api)), 0)

        let notReady = try api.get("/readyz")
        XCTAssertEqual(notReady.status, 503, notReady.text)
        XCTAssertEqual(notReady.json?["code"] as? String, "not_ready")
        // The write that finds out is refused: this one, or one made for later (start-up's) that
        // the clearing waits for.
        _ = try api.send("DELETE", "/search/history")
        XCTAssertEqual(try api.send("DELETE", "/search/history").status, 204, "the next one goes to the copy")
        XCTAssertEqual(try api.get("/readyz").status, 200)
    }

    /// A small tmpfs filled to the last byte: needs root (mount); CI runs as root.
    func testFullDiskRefusesUserWritesWith507KeepsAnsweringAndRecovers() async throws {
        let folder = try mountSmallTmpfs()
        let api = try APIHarness(self, folder: folder)
        let ids = try trendingIDs(api, count: 3)
        XCTAssertEqual(try addFavorite(api, ids[0]).status, 201)
        XCTAssertEqual(try api.get("/spotlight").status, 200)
        // A remembered search, so that clearing the history has rows to delete (clearing an empty
        // history changes nothing and needs no space).
        XCTAssertEqual(try api.get("/search?q=remembered").status, 200)
        await api.flushWrites()
        let filler = folder.appendingPathComponent("filler")
        try fillDisk(with: filler)

        let refused = try addFavorite(api, ids[1])
        XCTAssertEqual(refused.status, 507, refused.text)
        XCTAssertEqual(refused.json?["code"] as? String, "storage_full")
        XCTAssertEqual(refused.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(try api.send("DELETE", "/search/history").status, 507)
        XCTAssertEqual(try api.get("/search?q=a%20query%20never%20seen").status, 200, "the history write is dropped, not the answer")
        XCTAssertEqual(try api.get("/trending?limit=7&offset=3").status, 200, "the cache write is dropped, not the answer")
        XCTAssertEqual(try api.get("/spotlight?tag=dogs").status, 200, "the spotlight save is dropped, not the answer")
        await api.flushWrites()
        let favorites = try api.get("/favorites")
        XCTAssertEqual(favorites.status, 200)
        XCTAssertEqual((favorites.json?["data"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [ids[0]])
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_bookkeeping_write_failures_total{write=\"search_history\"} 1"))

        try FileManager.default.removeItem(at: filler)
        XCTAssertEqual(try addFavorite(api, ids[1]).status, 201, "writes work again once space is back")
        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: folder)
        let kept = try restarted.get("/favorites").json?["data"] as? [[String: Any]]
        XCTAssertEqual(Set(kept?.compactMap { $0["id"] as? String } ?? []), [ids[0], ids[1]], "every 201 is on disk")
    }

    /// The -shm file was what crashed the server (SIGBUS when made immutable): it has none; its
    /// -wal made immutable (needs root and chattr) fails writes as 503, and they work again after.
    func testUnwritableSideFileIsA503NotACrash() async throws {
        try XCTSkipUnless(getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr")
        let api = try APIHarness(self)
        let ids = try trendingIDs(api, count: 2)
        XCTAssertEqual(try addFavorite(api, ids[0]).status, 201)
        let wal = api.folder.appendingPathComponent("favorites.sqlite3-wal").path
        XCTAssertFalse(FileManager.default.fileExists(atPath: api.folder.appendingPathComponent("favorites.sqlite3-shm").path),
                       "the WAL index is in memory, not a mapped file")
        try run("/usr/bin/chattr", "+i", wal)
        addTeardownBlock { try? self.run("/usr/bin/chattr", "-i", wal) }

        let refused = try addFavorite(api, ids[1])
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual(refused.json?["code"] as? String, "storage_unavailable")
        XCTAssertEqual(try api.get("/favorites").status, 200)
        XCTAssertEqual(try api.get("/search?q=immutable").status, 200)

        try run("/usr/bin/chattr", "-i", wal)
        XCTAssertEqual(try addFavorite(api, ids[1]).status, 201)
    }

    func testShutdownLeavesOnlyTheDatabaseFile() async throws {
        let api = try APIHarness(self)
        let id = try trendingIDs(api, count: 1)[0]
        XCTAssertEqual(try addFavorite(api, id).status, 201)
        XCTAssertEqual(try api.get("/search?q=one%20file").status, 200)
        let running = try FileManager.default.contentsOfDirectory(atPath: api.folder.path)
        XCTAssertTrue(running.contains("favorites.sqlite3-wal"), "\(running)")

        await api.stopApp()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: api.folder.path), ["favorites.sqlite3"])
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder)
        let kept = try restarted.get("/favorites").json?["data"] as? [[String: Any]]
        XCTAssertEqual(kept?.compactMap { $0["id"] as? String }, [id], "the checkpoint kept it")
    }

    // MARK: Helpers

    private func trendingIDs(_ api: APIHarness, count: Int) throws -> [String] {
        let data = try api.get("/trending?limit=\(count)").json?["data"] as? [[String: Any]]
        let ids = data?.compactMap { $0["id"] as? String } ?? []
        XCTAssertEqual(ids.count, count)
        return ids
    }

    private func databasePath(of api: APIHarness) -> String {
        api.folder.appendingPathComponent("favorites.sqlite3").path
    }

    private func deleteDatabase(of api: APIHarness) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: databasePath(of: api) + suffix)
        }
    }

    private func favoriteIDs(_ api: APIHarness) throws -> [String] {
        let data = try api.get("/favorites").json?["data"] as? [[String: Any]]
        return data?.compactMap { $0["id"] as? String } ?? []
    }

    private func addFavorite(_ api: APIHarness, _ id: String) throws -> RawClient.Response {
        try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
    }

    /// A 1 MiB tmpfs on a fresh folder, unmounted at teardown (after the harness stops, as
    /// teardown blocks run last-added first). Skips when not root or mount fails.
    private func mountSmallTmpfs() throws -> URL {
        try XCTSkipUnless(getuid() == 0, "mounting a tmpfs needs root")
        let folder = try makeTemporaryFolder()
        do {
            try run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path)
        } catch {
            throw XCTSkip("cannot mount a tmpfs here: \(error)")
        }
        addTeardownBlock { try? self.run("/bin/umount", folder.path) }
        return folder
    }

    /// Writes to `file` until the filesystem refuses (ENOSPC).
    private func fillDisk(with file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        var written = 0
        while true {
            let count = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
            XCTAssertLessThan(written, 8 << 20, "a 1 MiB filesystem should fill up")
            if written >= 8 << 20 { break }
        }
        XCTAssertEqual(errno, ENOSPC)
    }

    private func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "StorageFaultTests", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"])
        }
    }
}
