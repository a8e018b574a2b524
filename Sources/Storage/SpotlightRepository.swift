import Foundation
import SQLite

/// The current spotlight pick for one key (a tag, or none).
public struct SpotlightRow: Equatable, Sendable {
    public let key: String
    public let gif: Data
    public let pickedAt: Date
    public let changesAt: Date

    public init(key: String, gif: Data, pickedAt: Date, changesAt: Date) {
        self.key = key
        self.gif = gif
        self.pickedAt = pickedAt
        self.changesAt = changesAt
    }
}

/// The `spotlight` table: one row per key, replaced when the pick changes, so a restart keeps
/// the same GIF and the same countdown.
public struct SpotlightRepository: Sendable {
    private let database: DatabaseActor

    public init(database: DatabaseActor) {
        self.database = database
    }

    public func row(for key: String) async throws -> SpotlightRow? {
        try await database.read { database in
            try database.queryFirst("SELECT gif, picked_at, changes_at FROM spotlight WHERE spot_key = ?", [.text(key)]).map { row in
                SpotlightRow(key: key, gif: try row.blob(at: 0), pickedAt: Milliseconds.date(try row.integer(at: 1)),
                             changesAt: Milliseconds.date(try row.integer(at: 2)))
            }
        }
    }

    /// Saves `row`; rows whose change time is before `forgettingChangedBefore` go (one per tag ever asked for).
    public func save(_ row: SpotlightRow, forgettingChangedBefore date: Date) async throws {
        try await database.write { database in
            try database.execute("DELETE FROM spotlight WHERE changes_at < ?", [.integer(Milliseconds.from(date))])
            try database.execute("""
                INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (spot_key) DO UPDATE SET gif = excluded.gif, picked_at = excluded.picked_at,
                    changes_at = excluded.changes_at
                """, [.text(row.key), .blob(row.gif), .integer(Milliseconds.from(row.pickedAt)),
                      .integer(Milliseconds.from(row.changesAt))])
        }
    }
}
