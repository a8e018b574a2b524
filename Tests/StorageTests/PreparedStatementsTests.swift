import Gateway
import Foundation
import PostgreSQL
import Service
import Model
import SQLite
@testable import Storage
import TestSupport
import XCTest

/// Every store call, made again with other values, prepares nothing new on either database: a
/// statement renders the same text whatever its values, and each driver keeps its prepared
/// statements by text.
final class PreparedStatementsTests: XCTestCase {
    func testEveryStoreCallReusesItsPreparedStatementsOnSQLite() async throws {
        let pool = try AppDatabase.open(path: try makeDatabasePath())
        let stores = Stores(database: pool)
        addTeardownBlock { await stores.close() }
        func prepared() async throws -> Int {
            let reading = try await pool.read { $0.liveStatementCount }
            let writing = try await pool.write { $0.liveStatementCount }
            return reading + writing
        }
        try await callEveryStore(stores, round: 1)
        let first = try await prepared()
        try await callEveryStore(stores, round: 2)
        try await callEveryStore(stores, round: 3)
        let later = try await prepared()
        XCTAssertEqual(later, first, "statements prepared after the first round")
    }

    func testEveryStoreCallReusesItsPreparedStatementsOnPostgreSQL() async throws {
        let url = try PostgreSQLURL.parse(try PostgreSQLCluster.database(for: self)).get()
        try PGSchema.migrator.migrate(try PGConnection(url: url.text))
        var settings = PGPool.Settings()
        settings.size = 1
        let pool = PGPool(url: url, settings: settings)
        let database = PGStoreDatabase(pool: pool, favoriteChanges: Announcements(), installDeletions: Announcements(),
                                       blockChanges: Announcements())
        let stores = Stores(database, closing: { await pool.close() })
        addTeardownBlock { await stores.close() }
        func prepared() async throws -> Int {
            try await pool.withConnection { try $0.queryFirst("SELECT count(*) FROM pg_prepared_statements")?.int(at: 0) ?? 0 }
        }
        try await callEveryStore(stores, round: 1)
        let first = try await prepared()
        try await callEveryStore(stores, round: 2)
        try await callEveryStore(stores, round: 3)
        let later = try await prepared()
        XCTAssertEqual(later, first, "statements prepared after the first round")
    }

    /// Each store's every statement, with values that change from round to round.
    private func callEveryStore(_ stores: Stores, round: Int) async throws {
        let install = InstallID(String(repeating: "\(round)", count: 32))!
        let at = Date(timeIntervalSince1970: 1_700_000_000 + Double(round) * 1_000)
        let installs = stores.installs
        try await installs.create(InstallRecord(id: install, tokenHash: Array(repeating: UInt8(round), count: 32), createdAt: at))
        _ = try await installs.find(install)
        try await installs.recordUse([install, .local], at: at.addingTimeInterval(1))
        _ = try await installs.count()

        let favorites = stores.favorites
        let record = FavoriteRecord(id: "gif\(round)", snapshot: Data("{\(round)}".utf8), addedAt: at)
        _ = try await favorites.insertIfRoom(record, limit: 10 + round, install: install)
        _ = try await favorites.list(install: install)
        _ = try await favorites.ids(install: install)
        _ = try await favorites.find(id: record.id, install: install)
        _ = try await favorites.totalCount()
        _ = try await favorites.remove(id: record.id, install: install)

        let history = stores.searchHistory
        try await history.record("cats \(round)", at: at, keepingNewest: 5 + round, install: install)
        _ = try await history.list(containing: nil, install: install)
        _ = try await history.list(containing: "\(round)", install: install)
        try await history.clear(install: install)

        try await stores.installIdentity.saveIdentity("rid\(round)", named: "giphy_random_id", install: install)
        _ = try await stores.installIdentity.identity(named: "giphy_random_id", install: install)

        let cache = stores.responseCache
        let answer = CachedAnswer(key: "search|\(round)", value: Data("page\(round)".utf8), storedAt: at)
        try await cache.store(answer, maxEntries: 100 + round)
        _ = try await cache.answer(for: answer.key)
        try await cache.touch(key: answer.key, at: at.addingTimeInterval(1))
        try await cache.purge(storedBefore: at.addingTimeInterval(-86_400))
        try await cache.remove(key: answer.key)

        let pick = StoredSpotlight(key: "giphy|\(round)", item: Data("{}".utf8), pickedAt: at, changesAt: at.addingTimeInterval(600))
        try await stores.spotlight.save(pick, forgettingChangedBefore: at.addingTimeInterval(-86_400))
        _ = try await stores.spotlight.pick(for: pick.key)
        _ = try await stores.spotlight.claim(pick, forgettingChangedBefore: at.addingTimeInterval(-86_400))

        let calls = stores.callLog(for: "giphy")
        try await calls.record(at: at, forgetBefore: at.addingTimeInterval(-3_600))
        _ = try await calls.calls(since: at.addingTimeInterval(-3_600))
        _ = try await calls.take(at: at, limit: 100 + round, since: at.addingTimeInterval(-3_600))

        _ = try await installs.deleteUnused(before: at.addingTimeInterval(-86_400), limit: 10 + round)
        _ = try await installs.delete(install)
    }
}
