/// SQLite's own `unix-excl` VFS, for a database file that one process owns while it runs: the
/// first access takes a lock on the file that keeps every other process out (they see "database
/// is locked"), and the WAL index lives in this process's heap, shared by its connections, so a
/// write and a read connection work side by side with no memory-mapped -shm file (one made
/// unwritable while mapped killed the process with SIGBUS). It ships with SQLite (Debian's 3.40.1
/// included); it replaced a VFS of our own (551 lines of C) that did the same.
package enum ExclusiveVFS {
    /// Its name for `Database.Options.vfs`.
    package static let name = "unix-excl"
}
