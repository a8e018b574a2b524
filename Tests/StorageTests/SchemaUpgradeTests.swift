import Gateway
import JSON
import Foundation
import GiphyClient
import Service
import Model
import Primitives
import SQLite
import Storage
import TestSupport
import XCTest

/// Upgrades lose nothing: a database of every earlier schema version, made by the commit that
/// introduced it (Fixtures/, see scripts/make-schema-fixture.py), opens with today's code the way
/// the server opens it, and gives back every favorite, the history, the spotlight picks and the
/// cached answers as they were, decoded by today's types. A migration that fails leaves the
/// database exactly as it was, for the program of its version.
final class SchemaUpgradeTests: XCTestCase {
    func testThereIsAFixtureForEveryVersion() {
        for version in 1...Schema.migrator.latestVersion {
            XCTAssertTrue(FileManager.default.fileExists(atPath: SchemaFixture.url(version: version).path),
                          "make it: scripts/make-schema-fixture.py \(version) <the commit that introduced version \(version)>")
        }
    }

    func testVersion1KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 1) }
    func testVersion2KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 2) }
    func testVersion3KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 3) }
    func testVersion4KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 4) }
    func testVersion5KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 5) }
    func testVersion6KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 6) }
    func testVersion7KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 7) }
    func testVersion8KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 8) }
    func testVersion9KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 9) }
    func testVersion10KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 10) }
    func testVersion11KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 11) }
    func testVersion12KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 12) }
    func testVersion13KeepsEverything() async throws { try await assertUpgradeKeepsEverything(from: 13) }

    /// Version 8 counts every install there is as used at the upgrade: upgrading deletes no one,
    /// however old the install.
    func testUpgradingCountsEveryInstallAsUsedThen() async throws {
        let path = try makeDatabasePath()
        _ = try SchemaFixture.load(version: 7, into: path)
        let issued = try XCTUnwrap(InstallID(String(repeating: "a", count: 32)))
        do {
            let database = try Database(path: path)
            try database.execute("INSERT INTO install (install_id, token_hash, created_at) VALUES (?, ?, 1000)",
                                 [.text(issued.rawValue), .blob(Data(repeating: 7, count: 32))])
        }
        // The migration's clock has whole seconds.
        let before = Date().addingTimeInterval(-1)
        let stores = try Stores.open(path: path, options: AppDatabase.serverOptions)
        for install in [InstallID.local, issued] {
            let record = try await stores.installs.find(install)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(record?.lastUsed), before, "\(install)")
        }
        let deleted = try await stores.installs.deleteUnused(before: before, limit: 10)
        XCTAssertEqual(deleted, [])
        await stores.close()
    }

    /// Today's steps and one more that fails, as the next version's might: every step before it
    /// ran on the file and none stays. The file is exactly as it was, at its version, so that
    /// version's program (whose migrations find nothing to do) opens it and reads it.
    func testAFailedMigrationLeavesEachVersionAsItWasForItsProgram() throws {
        let failing = Migration(version: Schema.migrator.latestVersion + 1, sql: "INSERT INTO no_such_table VALUES (1)")
        let migrator = Migrator(Schema.migrator.migrations + [failing])
        for version in 1...Schema.migrator.latestVersion {
            let path = try makeDatabasePath()
            let fixture = try SchemaFixture.load(version: version, into: path)
            let before = try Database(path: path).contentsAsText()
            do {
                let database = try Database(path: path, options: AppDatabase.serverOptions)
                XCTAssertThrowsError(try migrator.migrate(database), "version \(version)")
            }
            let database = try Database(path: path)
            XCTAssertEqual(try database.contentsAsText(), before, "version \(version): exactly as it was")
            XCTAssertNoThrow(try Migrator(Array(Schema.migrator.migrations.prefix(version))).migrate(database))
            let local = version >= 7 ? "WHERE install_id = 'local'" : ""
            let ids = try database.query("SELECT gif_id FROM favorite \(local) ORDER BY added_at DESC, seq DESC").map { try $0.text(at: 0) }
            XCTAssertEqual(ids, fixture.favorites.map(\.id), "version \(version)")
        }
    }

    private func assertUpgradeKeepsEverything(from version: Int) async throws {
        let path = try makeDatabasePath()
        let fixture = try SchemaFixture.load(version: version, into: path)
        // What the commit made, so that an empty fixture cannot pass.
        XCTAssertGreaterThanOrEqual(fixture.favorites.count, 3)
        if version >= 2 { XCTAssertGreaterThanOrEqual(fixture.history.count, 2) }
        if version >= 3 {
            XCTAssertGreaterThanOrEqual(fixture.spotlight.count, 1)
            XCTAssertGreaterThanOrEqual(fixture.cache.count, 3)
        }

        let stores = try Stores.open(path: path, options: AppDatabase.serverOptions)
        let favorites = try await makeMemoryBackend(favoritesStore: stores.favorites).favorites.listing(install: .local).value().favorites
        XCTAssertEqual(favorites.map(\.id), fixture.favorites.map(\.id), "newest first, as they were")
        for (favorite, stored) in zip(favorites, fixture.favorites) {
            assertSameItem(favorite.item, stored.item, "favorite \(stored.id)")
            XCTAssertEqual(Int64((favorite.addedAt.timeIntervalSince1970 * 1000).rounded()), stored.addedAtMilliseconds)
        }

        let history = try await stores.searchHistory.list(containing: nil, install: .local)
        XCTAssertEqual(history.map(\.query), fixture.history)

        for (key, stored) in fixture.spotlight {
            let pick = try await stores.spotlight.pick(for: key)
            assertSameItem(try Item(jsonBytes: try XCTUnwrap(pick, key).item), stored, "spotlight \(key)")
        }

        for (key, stored) in fixture.cache {
            let answer = try await stores.responseCache.answer(for: key)
            try assertSameAnswer(try XCTUnwrap(answer, key).value, stored, key)
        }

        // From version 8 on, an install the app made, with its favorite, and when each was last used.
        if version >= 8 { XCTAssertFalse(fixture.installs.isEmpty, "the app made an install") }
        for (id, install) in fixture.installs {
            let listed = try await stores.favorites.list(install: try XCTUnwrap(InstallID(id))).map(\.id)
            XCTAssertEqual(listed, install.favorites, id)
        }
        for (id, used) in fixture.lastUsed {
            let record = try await stores.installs.find(try XCTUnwrap(InstallID(id)))
            XCTAssertEqual(record?.lastUsed, Date(timeIntervalSince1970: Double(used) / 1000), "\(id): its last use as it was")
        }

        // The budget's calls, read back as a restart reads them: who paid from version 9 on, and
        // from which address from version 10 on (the app's own requests came from loopback).
        if version >= 9 { XCTAssertTrue(fixture.calls.contains { !$0.payer.isEmpty }, "a call someone paid for") }
        if version >= 10 { XCTAssertTrue(fixture.calls.contains { $0.address == "address:127.0.0.1" }, "a call from an address") }
        // The blocks and the reports from version 12 on: an item and a term blocked, an item
        // reported by two installs.
        if version >= 12 {
            let blocks = try await stores.moderation.blocks()
            XCTAssertEqual(Set(blocks.map(\.kind)), [.item, .term])
            XCTAssertEqual(blocks.first { $0.kind == .term }?.key, "owls")
            let reports = try await stores.moderation.reports(limit: 10)
            XCTAssertEqual(reports.first?.count, 2)
            XCTAssertEqual(reports.first?.reasons, ["spam": 1, "offensive": 1])
        }
        for provider in Set(fixture.calls.map(\.provider)) {
            let logged = try await stores.callLog(for: provider).loggedCalls(since: Date(timeIntervalSince1970: 0))
            let read = logged.map { SchemaFixture.Call(provider: provider, calledAtMilliseconds: Int64(($0.at.timeIntervalSince1970 * 1000).rounded()),
                                                       payer: $0.payer, address: $0.address) }
            // Calls of one millisecond come in either order.
            func sorted(_ calls: [SchemaFixture.Call]) -> [SchemaFixture.Call] {
                calls.sorted { ($0.calledAtMilliseconds, $0.payer, $0.address) < ($1.calledAtMilliseconds, $1.payer, $1.address) }
            }
            XCTAssertEqual(sorted(read), sorted(fixture.calls.filter { $0.provider == provider }), "\(provider): the calls as they were")
        }
        await stores.close()
    }

    /// Decoded by the type the gateway reads it as: a page, an item, or search terms.
    private func assertSameAnswer(_ value: Data, _ stored: Data, _ key: String) throws {
        let raw = try SchemaFixture.object(stored)
        if let items = raw["gifs"] as? [[String: Any]] {
            let page = try UpstreamPage(jsonBytes: value)
            XCTAssertEqual(page.items.count, items.count, key)
            for (item, rawItem) in zip(page.items, items) { assertSameItem(item, rawItem, key) }
            XCTAssertEqual(page.count, raw["count"] as? Int, key)
            XCTAssertEqual(page.offset, raw["offset"] as? Int, key)
            XCTAssertEqual(page.totalCount, raw["totalCount"] as? Int, key)
        } else if raw["id"] != nil {
            assertSameItem(try Item(jsonBytes: value), raw, key)
        } else if let terms = raw["terms"] as? [String] {
            XCTAssertEqual(try SearchTerms(jsonBytes: value).terms, terms, key)
        } else {
            XCTAssertEqual(value, stored, "\(key): left as it was")
        }
    }

    /// What a client sees of an item: its id, title, page, rating and renditions; items stored
    /// before they named their provider were GIPHY's, shown with its attribution.
    private func assertSameItem(_ item: Item, _ stored: [String: Any], _ what: String) {
        XCTAssertEqual(item.id, stored["id"] as? String, what)
        XCTAssertEqual(item.title, stored["title"] as? String, what)
        XCTAssertEqual(item.url, stored["url"] as? String, what)
        XCTAssertEqual(item.rating, stored["rating"] as? String, what)
        let renditions = stored["images"] as? [String: [String: Any]] ?? [:]
        XCTAssertFalse(renditions.isEmpty, what)
        XCTAssertEqual(Set(item.images.names), Set(renditions.keys), what)
        for (name, rendition) in renditions {
            XCTAssertEqual(item.images[name]?.url, rendition["url"] as? String, "\(what) \(name)")
        }
        let provider = stored["provider"] as? String ?? ProviderName.giphy.rawValue
        XCTAssertEqual(item.provider.rawValue, provider, what)
        if provider == ProviderName.giphy.rawValue {
            XCTAssertEqual(item.attribution, Giphy.attribution, what)
        }
    }
}
