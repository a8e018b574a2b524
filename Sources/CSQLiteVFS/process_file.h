// What the parts of the "unix-process" VFS share: the open file as SQLite sees it, and the state
// that this process's connections to one database file have in common.
#ifndef PROCESS_FILE_H
#define PROCESS_FILE_H

#include <sqlite3.h>
#include <stdint.h>
#include <sys/types.h>

// One database file (by device and inode) as this process's connections share it. Every field
// is read and written under process_state_mutex.
typedef struct SharedFile {
    dev_t device;
    ino_t inode;
    // Connections open on the file; the state goes when the last one closes.
    int connections;
    // A descriptor of our own, so the lock below belongs to an open file description that no
    // other close in the process releases (as a POSIX lock would be); -1 if it could not open.
    int lock_descriptor;
    int lock_descriptor_writable;
    int holds_process_lock;
    // SQLite's lock level (SQLITE_LOCK_*) among this process's connections, as unix's inode info:
    // the highest level held, and how many connections hold SHARED or more.
    int level;
    int shared_count;
    // The WAL index: regions of `region_size` bytes, zeroed when made, kept while any
    // connection has it mapped; per lock slot, 0 free, n > 0 shared n times, -1 exclusive.
    int wal_index_users;
    int region_count;
    int region_size;
    void **regions;
    int wal_index_locks[SQLITE_SHM_NLOCK];
    struct SharedFile *next;
} SharedFile;

// The sqlite3_file handed to SQLite: ours first, the wrapped VFS's file right after it.
typedef struct ProcessFile {
    sqlite3_file base;
    sqlite3_file *wrapped;
    // Main database files only; NULL for journals, WAL files and the like.
    SharedFile *shared;
    int level;
    int maps_wal_index;
    uint16_t wal_index_shared;
    uint16_t wal_index_exclusive;
} ProcessFile;

// Finds or makes the state of the database file at `path`, just opened by the wrapped VFS.
int process_shared_attach(ProcessFile *file, const char *path);
// Lets go of the state; the last connection frees it, which releases the process's lock.
void process_shared_detach(ProcessFile *file);

int process_lock(sqlite3_file *file, int level);
int process_unlock(sqlite3_file *file, int level);
int process_check_reserved_lock(sqlite3_file *file, int *is_reserved);

int process_wal_index_map(sqlite3_file *file, int region, int size, int extend, void volatile **pointer);
int process_wal_index_lock(sqlite3_file *file, int offset, int count, int flags);
void process_wal_index_barrier(sqlite3_file *file);
int process_wal_index_unmap(sqlite3_file *file, int delete_flag);

// Held while reading or changing any SharedFile.
void process_state_lock(void);
void process_state_unlock(void);
// Frees the WAL index regions (under the lock, with no connection mapping them).
void process_wal_index_free(SharedFile *shared);

#endif
