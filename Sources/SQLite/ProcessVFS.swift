import CSQLiteVFS

/// SQLite's unix VFS for a database file that one process owns while it runs (CSQLiteVFS):
/// its connections share the WAL index in this process's heap instead of a memory-mapped -shm
/// file (one made unwritable while mapped killed the process with SIGBUS), so a write and a read
/// connection work side by side, and the process holds one lock on the file that keeps every
/// other process out (they see "database is locked").
public enum ProcessVFS {
    /// Its name for `Database.Options.vfs`, registered with SQLite on first use. Registering
    /// fails only without a default VFS or memory; opening by the name then fails, saying so.
    public static let name: String = {
        _ = gifbff_process_vfs_register()
        return String(cString: gifbff_process_vfs_name)
    }()
}
