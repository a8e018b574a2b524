import SQLite

/// gif-bff's tables, version by version. Released versions are never edited: a change is a
/// new version appended here.
package enum Schema {
    /// Version 1: favorites. `seq` (AUTOINCREMENT, never reused, kept by VACUUM) orders
    /// favorites added within the same millisecond; `snapshot` is the GIF as the API
    /// returned it, kept as opaque bytes.
    package static let version1SQL = """
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
    package static let version2SQL = """
        CREATE TABLE search_history (
            query_key TEXT PRIMARY KEY NOT NULL,
            query TEXT NOT NULL,
            searched_at INTEGER NOT NULL,
            seq INTEGER NOT NULL
        );
        """

    /// Version 3: the upstream response cache (LRU by `used_at`), the spotlight pick per tag,
    /// and the times of upstream calls for the hourly budget. Times are milliseconds.
    package static let version3SQL = """
        CREATE TABLE response_cache (
            cache_key TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL,
            stored_at INTEGER NOT NULL,
            used_at INTEGER NOT NULL
        );
        CREATE INDEX response_cache_lru ON response_cache (used_at);
        CREATE TABLE spotlight (
            spot_key TEXT PRIMARY KEY NOT NULL,
            gif BLOB NOT NULL,
            picked_at INTEGER NOT NULL,
            changes_at INTEGER NOT NULL
        );
        CREATE TABLE upstream_call (
            called_at INTEGER NOT NULL
        );
        CREATE INDEX upstream_call_time ON upstream_call (called_at);
        """

    /// Version 4: each provider (GIPHY, Unsplash) has its own hourly budget, so a call names its
    /// provider; calls logged before there were several are GIPHY's.
    package static let version4SQL = """
        ALTER TABLE upstream_call ADD COLUMN provider TEXT NOT NULL DEFAULT 'giphy';
        CREATE INDEX upstream_call_provider_time ON upstream_call (provider, called_at);
        """

    /// Version 5: the install's identities with the upstream (GIPHY's `random_id`), one row
    /// per name; `stored_at` in milliseconds.
    package static let version5InstallIdentitySQL = """
        CREATE TABLE install_identity (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL,
            stored_at INTEGER NOT NULL
        );
        """

    /// Version 6: items stored before they named their provider and attribution (favorites,
    /// spotlight picks, cached items and pages) were all GIPHY's, which asks for "Powered by
    /// GIPHY": they now say so, so reading an item needs no provider's default. A value that is
    /// not such an item is left as it was.
    package static let version6NamedProvidersSQL = """
        UPDATE favorite SET snapshot = CAST(\(namingGIPHY("CAST(snapshot AS TEXT)")) AS BLOB)
            WHERE \(isUnnamedItem("CAST(snapshot AS TEXT)"));
        UPDATE spotlight SET gif = CAST(\(namingGIPHY("CAST(gif AS TEXT)")) AS BLOB)
            WHERE \(isUnnamedItem("CAST(gif AS TEXT)"));
        UPDATE response_cache SET value = CAST(\(namingGIPHY("CAST(value AS TEXT)")) AS BLOB)
            WHERE \(isUnnamedItem("CAST(value AS TEXT)"));
        UPDATE response_cache SET value = CAST(json_set(CAST(value AS TEXT), '$.gifs', (
                SELECT json_group_array(json(CASE WHEN \(isUnnamedItem("page.value")) THEN \(namingGIPHY("page.value"))
                                                  ELSE page.value END))
                FROM json_each(CAST(response_cache.value AS TEXT), '$.gifs') AS page)) AS BLOB)
            WHERE json_valid(CAST(value AS TEXT)) AND json_type(CAST(value AS TEXT), '$.gifs') = 'array';
        """

    /// Version 7: installs, each with its own favorites, search history and upstream identities.
    /// `install` holds each install's token only as the SHA-256 of its secret; `local` (no token)
    /// is the install of requests without one, and gets everything kept so far, nothing lost:
    /// every favorite with its `seq` (and the sequence's high mark), every history entry, every
    /// identity. Rows name their install and go with it (ON DELETE CASCADE). Tables are rebuilt,
    /// since SQLite cannot change a table's keys in place.
    package static let version7InstallsSQL = """
        CREATE TABLE install (
            install_id TEXT PRIMARY KEY NOT NULL,
            token_hash BLOB,
            created_at INTEGER NOT NULL
        );
        INSERT INTO install (install_id, token_hash, created_at)
            VALUES ('local', NULL, CAST(strftime('%s', 'now') AS INTEGER) * 1000);

        CREATE TABLE favorite_v7 (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            gif_id TEXT NOT NULL,
            snapshot BLOB NOT NULL,
            added_at INTEGER NOT NULL,
            UNIQUE (install_id, gif_id)
        );
        INSERT INTO favorite_v7 (seq, install_id, gif_id, snapshot, added_at)
            SELECT seq, 'local', gif_id, snapshot, added_at FROM favorite;
        INSERT INTO sqlite_sequence (name, seq)
            SELECT 'favorite_v7', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'favorite_v7');
        UPDATE sqlite_sequence
            SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'favorite'), 0))
            WHERE name = 'favorite_v7';
        DROP TABLE favorite;
        ALTER TABLE favorite_v7 RENAME TO favorite;
        CREATE INDEX favorite_newest_first ON favorite (install_id, added_at DESC, seq DESC);

        CREATE TABLE search_history_v7 (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            query_key TEXT NOT NULL,
            query TEXT NOT NULL,
            searched_at INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (install_id, query_key)
        );
        INSERT INTO search_history_v7 (install_id, query_key, query, searched_at, seq)
            SELECT 'local', query_key, query, searched_at, seq FROM search_history;
        DROP TABLE search_history;
        ALTER TABLE search_history_v7 RENAME TO search_history;
        CREATE INDEX search_history_newest_first ON search_history (install_id, seq DESC);

        CREATE TABLE install_identity_v7 (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            stored_at INTEGER NOT NULL,
            PRIMARY KEY (install_id, name)
        );
        INSERT INTO install_identity_v7 (install_id, name, value, stored_at)
            SELECT 'local', name, value, stored_at FROM install_identity;
        DROP TABLE install_identity;
        ALTER TABLE install_identity_v7 RENAME TO install_identity;
        """

    /// Version 8: when each install was last used (milliseconds), so installs unused for long are
    /// deleted. Every install there is counts as used at the upgrade: upgrading deletes no one,
    /// and an install unused since then goes only once the idle time has passed from it.
    package static let version8InstallLastUsedSQL = """
        ALTER TABLE install ADD COLUMN last_used INTEGER NOT NULL DEFAULT 0;
        UPDATE install SET last_used = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
        CREATE INDEX install_unused_first ON install (last_used);
        """

    /// Version 9: who each upstream call was charged to (`CallPayer`'s key: an install or a client
    /// address), for each client's share of the hourly budget; "" for calls charged to no one,
    /// as every call logged before was.
    package static let version9CallPayerSQL = """
        ALTER TABLE upstream_call ADD COLUMN payer TEXT NOT NULL DEFAULT '';
        CREATE INDEX upstream_call_payer_time ON upstream_call (provider, payer, called_at);
        """

    /// Version 10: the address each upstream call's request came from (`CallPayer.addressKey`,
    /// whoever paid), so that the installs of one address together are held to a bounded
    /// multiple of one client's share; "" for calls logged before, which bind no address.
    package static let version10CallAddressSQL = """
        ALTER TABLE upstream_call ADD COLUMN address TEXT NOT NULL DEFAULT '';
        CREATE INDEX upstream_call_address_time ON upstream_call (provider, address, called_at);
        """

    /// Version 11 (issue 47's linked devices): each install's
    /// linked devices, each with the SHA-256 of its own token's secret (the install's first
    /// device keeps its hash in `install`), and the one-time link codes, kept as their SHA-256
    /// until they expire; both go with their install (ON DELETE CASCADE).
    package static let version11DeviceLinksSQL = """
        CREATE TABLE install_device (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            device_id TEXT NOT NULL,
            token_hash BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (install_id, device_id)
        );
        CREATE TABLE link_code (
            code_hash BLOB PRIMARY KEY NOT NULL,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX link_code_install ON link_code (install_id);
        CREATE INDEX link_code_expiry ON link_code (expires_at);
        """

    /// Version 12: the operator's blocks (items by id, search terms lowercased) and the people's
    /// reports, one per install and item, deleted with their install. Times are milliseconds.
    package static let version12ModerationSQL = """
        CREATE TABLE blocked_item (
            item_id TEXT PRIMARY KEY NOT NULL,
            reason TEXT NOT NULL,
            blocked_at INTEGER NOT NULL
        );
        CREATE TABLE blocked_term (
            term TEXT PRIMARY KEY NOT NULL,
            reason TEXT NOT NULL,
            blocked_at INTEGER NOT NULL
        );
        CREATE TABLE report (
            item_id TEXT NOT NULL,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            reported_at INTEGER NOT NULL,
            PRIMARY KEY (item_id, install_id)
        );
        CREATE INDEX report_by_install ON report (install_id);
        """

    /// Version 13: the search history as one B-tree keyed by install and query (WITHOUT ROWID), no
    /// index by `seq`: an install keeps a handful of entries (the history's limit), which its key
    /// finds side by side and a sort of that handful orders. A recorded search then writes one page
    /// of the WAL, not three (the table's, its key's and `seq`'s index's). Rows are copied as they are.
    package static let version13HistoryByKeySQL = """
        CREATE TABLE search_history_v13 (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            query_key TEXT NOT NULL,
            query TEXT NOT NULL,
            searched_at INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (install_id, query_key)
        ) WITHOUT ROWID;
        INSERT INTO search_history_v13 (install_id, query_key, query, searched_at, seq)
            SELECT install_id, query_key, query, searched_at, seq FROM search_history;
        DROP TABLE search_history;
        ALTER TABLE search_history_v13 RENAME TO search_history;
        """

    private static func isUnnamedItem(_ json: String) -> String {
        "json_valid(\(json)) AND json_type(\(json), '$.id') = 'text' AND json_type(\(json), '$.provider') IS NULL"
    }

    private static func namingGIPHY(_ json: String) -> String {
        "json_insert(\(json), '$.provider', 'giphy', '$.attribution', json('{\"text\":\"Powered by GIPHY\"}'))"
    }

    package static let migrator = Migrator([
        Migration(version: 1, sql: version1SQL),
        Migration(version: 2, sql: version2SQL),
        Migration(version: 3, sql: version3SQL),
        Migration(version: 4, sql: version4SQL),
        Migration(version: 5, sql: version5InstallIdentitySQL),
        Migration(version: 6, sql: version6NamedProvidersSQL),
        Migration(version: 7, sql: version7InstallsSQL),
        Migration(version: 8, sql: version8InstallLastUsedSQL),
        Migration(version: 9, sql: version9CallPayerSQL),
        Migration(version: 10, sql: version10CallAddressSQL),
        Migration(version: 11, sql: version11DeviceLinksSQL),
        Migration(version: 12, sql: version12ModerationSQL),
        Migration(version: 13, sql: version13HistoryByKeySQL),
    ])
}
