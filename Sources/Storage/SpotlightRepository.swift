import Foundation
import Service
import SQLite

/// The `spotlight` table, as Service's `SpotlightStore`: one row per key (a tag, or none),
/// replaced when the pick changes, so a restart keeps the same GIF and the same countdown.
public struct SpotlightRepository: SpotlightStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    public func pick(for key: String) async throws -> StoredSpotlight? {
        try await database.storeRead { database in
            try database.queryFirst("SELECT gif, picked_at, changes_at FROM spotlight WHERE spot_key = ?", [.text(key)]).map { row in
                StoredSpotlight(key: key, item: try row.blob(at: 0), pickedAt: Milliseconds.date(try row.integer(at: 1)),
                             changesAt: Milliseconds.date(try row.integer(at: 2)))
            }
        }
    }

    /// Saves `pick`; rows whose change time is before `forgettingChangedBefore` go (one per tag ever asked for).
    public func save(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM spotlight WHERE changes_at < ?", [.integer(Milliseconds.from(date))])
            try database.execute("""
                INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (spot_key) DO UPDATE SET gif = excluded.gif, picked_at = excluded.picked_at,
                    changes_at = excluded.changes_at
                """, [.text(pick.key), .blob(pick.item), .integer(Milliseconds.from(pick.pickedAt)),
                      .integer(Milliseconds.from(pick.changesAt))])
        }
    }
}
