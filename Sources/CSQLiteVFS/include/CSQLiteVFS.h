#ifndef C_SQLITE_VFS_H
#define C_SQLITE_VFS_H

// "unix-process": SQLite's default unix VFS for a database that one process owns while it runs.
// Its connections share the WAL index in this process's heap (no memory-mapped -shm file, whose
// loss or immutability kills a process with SIGBUS) and lock the database file among themselves,
// so a write connection and a read connection work side by side; the process as a whole holds
// one open-file-description lock over SQLite's lock bytes, so no other process can read or write
// the file meanwhile (it sees "database is locked").

// Registers the VFS with SQLite, once; later calls only return the first call's result.
// SQLITE_OK, or SQLite's error (no default VFS, out of memory).
int gifbff_process_vfs_register(void);

// The name to open a database with (sqlite3_open_v2's zVfs).
extern const char *const gifbff_process_vfs_name;

#endif
