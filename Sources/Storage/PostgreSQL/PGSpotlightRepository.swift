import Foundation
import PostgreSQL
import Service

/// The `spotlight` table in PostgreSQL, as Service's `SpotlightStore`: one pick per key for the fleet.
public struct PGSpotlightRepository: SpotlightStore {
    private let pool: PGPool

    init(pool: PGPool) {
        self.pool = pool
    }

    public func pick(for key: String) async throws -> StoredSpotlight? {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT gif, picked_at, changes_at FROM spotlight WHERE spot_key = $1", [.text(key)]).map { row in
                StoredSpotlight(key: key, item: try row.bytes(at: 0), pickedAt: Milliseconds.date(try row.int64(at: 1)),
                                changesAt: Milliseconds.date(try row.int64(at: 2)))
            }
        }
    }

    public var isShared: Bool { true }

    /// The upsert replaces only a pick due by the time `pick` was made; when another instance's
    /// holds, it is returned instead.
    public func claim(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws -> StoredSpotlight {
        try await pool.storeWrite { connection in
            _ = try connection.execute("DELETE FROM spotlight WHERE changes_at < $1", [.integer(Milliseconds.from(date))])
            let claimed = try connection.queryFirst("""
                INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (spot_key) DO UPDATE SET gif = excluded.gif, picked_at = excluded.picked_at,
                    changes_at = excluded.changes_at
                WHERE spotlight.changes_at <= excluded.picked_at
                RETURNING spot_key
                """, [.text(pick.key), .bytes(pick.item), .integer(Milliseconds.from(pick.pickedAt)),
                      .integer(Milliseconds.from(pick.changesAt))])
            if claimed != nil { return pick }
            guard let row = try connection.queryFirst("SELECT gif, picked_at, changes_at FROM spotlight WHERE spot_key = $1",
                                                      [.text(pick.key)]) else { return pick }
            return StoredSpotlight(key: pick.key, item: try row.bytes(at: 0), pickedAt: Milliseconds.date(try row.int64(at: 1)),
                                   changesAt: Milliseconds.date(try row.int64(at: 2)))
        }
    }

    public func save(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("DELETE FROM spotlight WHERE changes_at < $1", [.integer(Milliseconds.from(date))])
            _ = try connection.execute("""
                INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (spot_key) DO UPDATE SET gif = excluded.gif, picked_at = excluded.picked_at,
                    changes_at = excluded.changes_at
                """, [.text(pick.key), .bytes(pick.item), .integer(Milliseconds.from(pick.pickedAt)),
                      .integer(Milliseconds.from(pick.changesAt))])
        }
    }
}
