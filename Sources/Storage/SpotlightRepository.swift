import Foundation
import Service

/// The `spotlight` table, as Service's `SpotlightStore`: one row per key (a tag, or none),
/// replaced when the pick changes, so a restart keeps the same GIF and the same countdown. On
/// PostgreSQL the instances share it, and each new pick is claimed in it.
protocol SpotlightRepository: Repository, SpotlightStore {}

extension SpotlightRepository {
    var isShared: Bool { database.isShared }

    func pick(for key: String) async throws -> StoredSpotlight? {
        try await database.storeRead { connection in try Self.pick(for: key, in: connection) }
    }

    /// Saves `pick`; rows whose change time is before `forgettingChangedBefore` go (one per tag ever asked for).
    func save(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws {
        try await database.storeWrite { connection in
            try Self.forget(changedBefore: date, in: connection)
            try connection.execute(Self.upsert(pick, then: ""))
        }
    }

    /// In one transaction: the upsert replaces only a pick due by the time `pick` was made; when
    /// another instance's holds, it is returned instead.
    func claim(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws -> StoredSpotlight {
        try await database.storeWrite { connection in
            try Self.forget(changedBefore: date, in: connection)
            let claimed = try connection.queryFirst(Self.upsert(pick, then: "WHERE spotlight.changes_at <= excluded.picked_at RETURNING spot_key"))
            if claimed != nil { return pick }
            return try Self.pick(for: pick.key, in: connection) ?? pick
        }
    }

    /// Saves the pick of its key, replacing the one there (`then`: a condition and what it returns).
    private static func upsert(_ pick: StoredSpotlight, then: StaticString) -> SQLStatement<Database.Connection.Dialect> {
        """
        INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES (\(pick.key), \(pick.item), \(pick.pickedAt), \(pick.changesAt))
        ON CONFLICT (spot_key) DO UPDATE SET gif = excluded.gif, picked_at = excluded.picked_at, changes_at = excluded.changes_at
        \(sql: then)
        """
    }

    private static func forget(changedBefore date: Date, in connection: some StoreConnection) throws {
        try connection.execute("DELETE FROM spotlight WHERE changes_at < \(date)")
    }

    private static func pick(for key: String, in connection: some StoreConnection) throws -> StoredSpotlight? {
        try connection.queryFirst("SELECT gif, picked_at, changes_at FROM spotlight WHERE spot_key = \(key)").map { row in
            StoredSpotlight(key: key, item: try row.bytes(at: 0), pickedAt: try row.date(at: 1), changesAt: try row.date(at: 2))
        }
    }
}
