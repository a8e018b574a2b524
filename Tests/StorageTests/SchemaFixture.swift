import Foundation
import SQLite
import XCTest

/// A database of an earlier schema version, made by the commit that introduced it
/// (Fixtures/schema-N.sql, made by scripts/make-schema-fixture.py), and what it held, read with
/// plain SQL before today's code touches it.
struct SchemaFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Favorite {
        let id: String
        let item: [String: Any]
        let addedAtMilliseconds: Int64
    }

    /// An install the app made (versions from 7 on): its last use as stored (from version 8 on)
    /// and its favorites' ids, newest first.
    struct Install {
        let lastUsedMilliseconds: Int64?
        let favorites: [String]
    }

    let version: Int
    /// The local install's (before installs, every one), newest first, as the favorites are listed.
    let favorites: [Favorite]
    /// The local install's, newest first.
    let history: [String]
    /// The installs the app made, by id; when it was last used, by id, with the local install's too.
    let installs: [String: Install]
    let lastUsed: [String: Int64]
    /// Each pick's item, by its key.
    let spotlight: [String: [String: Any]]
    /// Each cached answer's bytes, by its key.
    let cache: [String: Data]
    /// The calls logged for the hourly budget, oldest first; what a version did not keep is ""
    /// (a provider: "giphy", as version 4 names the calls before it).
    let calls: [Call]

    struct Call: Equatable {
        let provider: String
        let calledAtMilliseconds: Int64
        let payer: String
        let address: String
    }

    static func url(version: Int) -> URL {
        folder.appendingPathComponent("schema-\(version).sql")
    }

    /// Loads the fixture into a new database file at `path` and reads what it holds.
    static func load(version: Int, into path: String) throws -> SchemaFixture {
        let sql = try String(contentsOf: url(version: version), encoding: .utf8)
        let database = try Database(path: path)
        try database.executeScript(sql)
        return try SchemaFixture(version: version, database: database)
    }

    private init(version: Int, database: Database) throws {
        self.version = version
        let tables = Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.text(at: 0) })
        let local = tables.contains("install") ? "WHERE install_id = 'local'" : ""
        favorites = try database.query(Self.favoritesSQL(where: local)).map { row in
            Favorite(id: try row.text(at: 0), item: try Self.object(try row.blob(at: 1)), addedAtMilliseconds: try row.integer(at: 2))
        }
        history = tables.contains("search_history")
            ? try database.query("SELECT query FROM search_history \(local) ORDER BY seq DESC").map { try $0.text(at: 0) } : []
        var installs: [String: Install] = [:], lastUsed: [String: Int64] = [:]
        if tables.contains("install") {
            let hasLastUsed = try database.queryFirst("SELECT count(*) FROM pragma_table_info('install') WHERE name = 'last_used'")?.int(at: 0) == 1
            for row in try database.query("SELECT install_id, \(hasLastUsed ? "last_used" : "NULL") FROM install") {
                let id = try row.text(at: 0)
                let used: Int64? = hasLastUsed ? try row.integer(at: 1) : nil
                if let used { lastUsed[id] = used }
                guard id != "local" else { continue }
                let ids = try database.query(Self.favoritesSQL(where: "WHERE install_id = ?"), [.text(id)]).map { try $0.text(at: 0) }
                installs[id] = Install(lastUsedMilliseconds: used, favorites: ids)
            }
        }
        self.installs = installs
        self.lastUsed = lastUsed
        var spotlight: [String: [String: Any]] = [:]
        if tables.contains("spotlight") {
            for row in try database.query("SELECT spot_key, gif FROM spotlight") {
                spotlight[try row.text(at: 0)] = try Self.object(try row.blob(at: 1))
            }
        }
        self.spotlight = spotlight
        var cache: [String: Data] = [:]
        if tables.contains("response_cache") {
            for row in try database.query("SELECT cache_key, value FROM response_cache") {
                cache[try row.text(at: 0)] = try row.blob(at: 1)
            }
        }
        self.cache = cache
        var calls: [Call] = []
        if tables.contains("upstream_call") {
            let columns = Set(try database.query("SELECT name FROM pragma_table_info('upstream_call')").map { try $0.text(at: 0) })
            func column(_ name: String, else fallback: String) -> String { columns.contains(name) ? name : fallback }
            let sql = "SELECT \(column("provider", else: "'giphy'")), called_at, \(column("payer", else: "''")), "
                + "\(column("address", else: "''")) FROM upstream_call ORDER BY called_at"
            calls = try database.query(sql).map { row in
                Call(provider: try row.text(at: 0), calledAtMilliseconds: try row.integer(at: 1), payer: try row.text(at: 2),
                     address: try row.text(at: 3))
            }
        }
        self.calls = calls
    }

    /// Favorites newest first, their id first.
    private static func favoritesSQL(where filter: String) -> String {
        "SELECT gif_id, snapshot, added_at FROM favorite \(filter) ORDER BY added_at DESC, seq DESC"
    }

    static func object(_ json: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }
}
