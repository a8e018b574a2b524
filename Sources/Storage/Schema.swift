import SQLite

/// gif-bff's tables, version by version. Released versions are never edited: a change is a
/// new version appended here.
public enum Schema {
    /// Version 1: favorites. `seq` (AUTOINCREMENT, never reused, kept by VACUUM) orders
    /// favorites added within the same millisecond; `snapshot` is the GIF as the API
    /// returned it, kept as opaque bytes.
    public static let version1SQL = """
        CREATE TABLE favorite (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            gif_id TEXT NOT NULL UNIQUE,
            snapshot BLOB NOT NULL,
            added_at INTEGER NOT NULL
        );
        CREATE INDEX favorite_newest_first ON favorite (added_at DESC, seq DESC);
        """

    /// Version 2: search history, one row per query ignoring letter case (`query_key`),
    /// showing its latest spelling (`query`); `seq` orders them, newest highest.
    public static let version2SQL = """
        CREATE TABLE search_history (
            query_key TEXT PRIMARY KEY NOT NULL,
            query TEXT NOT NULL,
            searched_at INTEGER NOT NULL,
            seq INTEGER NOT NULL
        );
        """

    public static let migrator = Migrator([
        Migration(version: 1, sql: version1SQL),
        Migration(version: 2, sql: version2SQL),
    ])
}
