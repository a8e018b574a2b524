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

    let version: Int
    /// Newest first, as the favorites are listed.
    let favorites: [Favorite]
    /// Newest first.
    let history: [String]
    /// Each pick's item, by its key.
    let spotlight: [String: [String: Any]]
    /// Each cached answer's bytes, by its key.
    let cache: [String: Data]

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
        favorites = try database.query("SELECT gif_id, snapshot, added_at FROM favorite ORDER BY added_at DESC, seq DESC").map { row in
            Favorite(id: try row.text(at: 0), item: try Self.object(try row.blob(at: 1)), addedAtMilliseconds: try row.integer(at: 2))
        }
        history = tables.contains("search_history")
            ? try database.query("SELECT query FROM search_history ORDER BY seq DESC").map { try $0.text(at: 0) } : []
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
    }

    static func object(_ json: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }
}
