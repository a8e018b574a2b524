import PostgreSQL

/// The PostgreSQL schema: the same tables as SQLite's latest version (`Schema`), in PostgreSQL's
/// types (times as BIGINT milliseconds, bytes as BYTEA). Its own numbered migrations, applied
/// by `PGMigrator` under an advisory lock, so instances starting together migrate once.
package enum PGSchema {
    /// Version 1: installs (the local one made with the schema), each install's favorites, search
    /// history and upstream identities (deleted with it), and the fleet's shared tables: the
    /// response cache, the upstream call log and the spotlight picks.
    package static let version1SQL = """
        CREATE TABLE install (
            install_id TEXT PRIMARY KEY,
            token_hash BYTEA,
            created_at BIGINT NOT NULL
        );
        INSERT INTO install (install_id, token_hash, created_at)
            VALUES ('local', NULL, (extract(epoch FROM now()) * 1000)::BIGINT);

        CREATE TABLE favorite (
            seq BIGSERIAL PRIMARY KEY,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            gif_id TEXT NOT NULL,
            snapshot BYTEA NOT NULL,
            added_at BIGINT NOT NULL,
            UNIQUE (install_id, gif_id)
        );
        CREATE INDEX favorite_newest_first ON favorite (install_id, added_at DESC, seq DESC);

        CREATE TABLE search_history (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            query_key TEXT NOT NULL,
            query TEXT NOT NULL,
            searched_at BIGINT NOT NULL,
            seq BIGINT NOT NULL,
            PRIMARY KEY (install_id, query_key)
        );
        CREATE INDEX search_history_newest_first ON search_history (install_id, seq DESC);

        CREATE TABLE install_identity (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            stored_at BIGINT NOT NULL,
            PRIMARY KEY (install_id, name)
        );

        CREATE TABLE response_cache (
            cache_key TEXT PRIMARY KEY,
            value BYTEA NOT NULL,
            stored_at BIGINT NOT NULL,
            used_at BIGINT NOT NULL
        );
        CREATE INDEX response_cache_recently_used ON response_cache (used_at DESC);

        CREATE TABLE upstream_call (
            seq BIGSERIAL PRIMARY KEY,
            provider TEXT NOT NULL,
            called_at BIGINT NOT NULL
        );
        CREATE INDEX upstream_call_by_provider ON upstream_call (provider, called_at);

        CREATE TABLE spotlight (
            spot_key TEXT PRIMARY KEY,
            gif BYTEA NOT NULL,
            picked_at BIGINT NOT NULL,
            changes_at BIGINT NOT NULL
        );
        """

    /// Version 2: when each install was last used (SQLite's version 8). Every install there is
    /// counts as used at the upgrade, so upgrading deletes no one. The default is the insert's
    /// time, so an instance of the version before, still running beside upgraded ones, makes
    /// installs as before.
    package static let version2SQL = """
        ALTER TABLE install ADD COLUMN last_used BIGINT NOT NULL DEFAULT (extract(epoch FROM now()) * 1000)::BIGINT;
        CREATE INDEX install_unused_first ON install (last_used);
        """

    /// Version 3: who each upstream call was charged to (SQLite's version 9), for each client's
    /// share of the hourly budget; '' for calls charged to no one. An instance of the version
    /// before, still running beside upgraded ones, logs its calls as charged to no one.
    package static let version3SQL = """
        ALTER TABLE upstream_call ADD COLUMN payer TEXT NOT NULL DEFAULT '';
        CREATE INDEX upstream_call_by_payer ON upstream_call (provider, payer, called_at);
        """

    /// Version 4: the address each call's request came from (SQLite's version 10), for the bound
    /// on what the installs of one address cause together; '' for calls logged before, and for
    /// those an instance of the version before, still running beside upgraded ones, logs (their
    /// installs' shares are bounded as before, each alone).
    package static let version4SQL = """
        ALTER TABLE upstream_call ADD COLUMN address TEXT NOT NULL DEFAULT '';
        CREATE INDEX upstream_call_by_address ON upstream_call (provider, address, called_at);
        """

    /// Version 5 (SQLite's 11): linked devices and link codes.
    package static let version5DeviceLinksSQL = """
        CREATE TABLE install_device (
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            device_id TEXT NOT NULL,
            token_hash BYTEA NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (install_id, device_id)
        );
        CREATE TABLE link_code (
            code_hash BYTEA PRIMARY KEY,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            expires_at BIGINT NOT NULL
        );
        CREATE INDEX link_code_install ON link_code (install_id);
        CREATE INDEX link_code_expiry ON link_code (expires_at);
        """

    /// Version 6: the operator's blocks and the people's reports (SQLite's version 12). An
    /// instance of the version before, still running beside upgraded ones, neither reads nor
    /// writes them (it serves blocked items until it is replaced).
    package static let version6ModerationSQL = """
        CREATE TABLE blocked_item (
            item_id TEXT PRIMARY KEY,
            reason TEXT NOT NULL,
            blocked_at BIGINT NOT NULL
        );
        CREATE TABLE blocked_term (
            term TEXT PRIMARY KEY,
            reason TEXT NOT NULL,
            blocked_at BIGINT NOT NULL
        );
        CREATE TABLE report (
            item_id TEXT NOT NULL,
            install_id TEXT NOT NULL REFERENCES install (install_id) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            reported_at BIGINT NOT NULL,
            PRIMARY KEY (item_id, install_id)
        );
        CREATE INDEX report_by_install ON report (install_id);
        """

    package static let migrator = PGMigrator([
        PGMigration(version: 1, sql: version1SQL),
        PGMigration(version: 2, sql: version2SQL),
        PGMigration(version: 3, sql: version3SQL),
        PGMigration(version: 4, sql: version4SQL),
        PGMigration(version: 5, sql: version5DeviceLinksSQL),
        PGMigration(version: 6, sql: version6ModerationSQL),
    ])

    /// The channel every change of an install's favorites is announced on (its payload: the
    /// install), so every instance forgets what it kept of them.
    static let favoritesChannel = "gif_bff_favorites"

    /// The channel an install's deletion is announced on, so every instance stops accepting its token.
    static let installsChannel = "gif_bff_installs"

    /// The channel a change of the blocks is announced on, so every instance reads them again.
    static let blocksChannel = "gif_bff_blocks"
}
