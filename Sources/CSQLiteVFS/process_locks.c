// The database file's locks: among this process's connections in memory (the rules of SQLite's
// unix VFS for connections of one process), and against other processes with one
// open-file-description lock over the bytes SQLite locks, held from the first lock until the
// last connection closes.
#define _GNU_SOURCE
#include "process_file.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

// Where SQLite's unix VFS locks a database file: the pending byte at 1 GiB, the reserved byte,
// then the 510 shared bytes. Any other process's SQLite locks some of them before it reads.
#define SQLITE_LOCK_BYTES_START 0x40000000
#define SQLITE_LOCK_BYTES_LENGTH 512

static pthread_mutex_t state_mutex = PTHREAD_MUTEX_INITIALIZER;
static SharedFile *shared_files = NULL;

void process_state_lock(void) { pthread_mutex_lock(&state_mutex); }
void process_state_unlock(void) { pthread_mutex_unlock(&state_mutex); }

static int open_lock_descriptor(const char *path, int *writable) {
    int descriptor = open(path, O_RDWR | O_CLOEXEC);
    *writable = descriptor >= 0;
    if (descriptor < 0) descriptor = open(path, O_RDONLY | O_CLOEXEC);
    return descriptor;
}

int process_shared_attach(ProcessFile *file, const char *path) {
    int writable = 0;
    int descriptor = open_lock_descriptor(path, &writable);
    struct stat status;
    if (descriptor < 0 || fstat(descriptor, &status) != 0) {
        if (descriptor >= 0) close(descriptor);
        return SQLITE_CANTOPEN;
    }
    process_state_lock();
    SharedFile *shared = shared_files;
    while (shared && !(shared->device == status.st_dev && shared->inode == status.st_ino)) shared = shared->next;
    if (shared) {
        close(descriptor);
    } else {
        shared = calloc(1, sizeof *shared);
        if (!shared) {
            process_state_unlock();
            close(descriptor);
            return SQLITE_NOMEM;
        }
        shared->device = status.st_dev;
        shared->inode = status.st_ino;
        shared->lock_descriptor = descriptor;
        shared->lock_descriptor_writable = writable;
        shared->next = shared_files;
        shared_files = shared;
    }
    shared->connections += 1;
    file->shared = shared;
    process_state_unlock();
    return SQLITE_OK;
}

void process_shared_detach(ProcessFile *file) {
    SharedFile *shared = file->shared;
    if (!shared) return;
    // SQLite unmaps the WAL index and unlocks before closing; in case it did not, undo both here.
    process_wal_index_unmap(&file->base, 0);
    process_unlock(&file->base, SQLITE_LOCK_NONE);
    process_state_lock();
    file->shared = NULL;
    shared->connections -= 1;
    if (shared->connections == 0) {
        SharedFile **link = &shared_files;
        while (*link != shared) link = &(*link)->next;
        *link = shared->next;
        process_wal_index_free(shared);
        // Closing our own descriptor releases the process's lock (and only it).
        close(shared->lock_descriptor);
        free(shared);
    }
    process_state_unlock();
}

// Under the state lock. Never waits: another process holding the file is SQLITE_BUSY, which
// SQLite's busy handler retries.
static int take_process_lock(SharedFile *shared) {
    if (shared->holds_process_lock) return SQLITE_OK;
    struct flock lock = {0};
    lock.l_type = shared->lock_descriptor_writable ? F_WRLCK : F_RDLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = SQLITE_LOCK_BYTES_START;
    lock.l_len = SQLITE_LOCK_BYTES_LENGTH;
    if (fcntl(shared->lock_descriptor, F_OFD_SETLK, &lock) == 0) {
        shared->holds_process_lock = 1;
        return SQLITE_OK;
    }
    return (errno == EAGAIN || errno == EACCES) ? SQLITE_BUSY : SQLITE_IOERR_LOCK;
}

int process_lock(sqlite3_file *base, int level) {
    ProcessFile *file = (ProcessFile *)base;
    SharedFile *shared = file->shared;
    if (file->level >= level) return SQLITE_OK;
    int result = SQLITE_OK;
    process_state_lock();
    if (file->level != shared->level && (shared->level >= SQLITE_LOCK_PENDING || level > SQLITE_LOCK_SHARED)) {
        // Another connection holds more than SHARED, or wants EXCLUSIVE: wait for it.
        result = SQLITE_BUSY;
    } else if (level == SQLITE_LOCK_SHARED && shared->level >= SQLITE_LOCK_SHARED) {
        // Joins the connections already reading.
        file->level = SQLITE_LOCK_SHARED;
        shared->shared_count += 1;
    } else if ((result = take_process_lock(shared)) != SQLITE_OK) {
        // Another process has the file.
    } else if (level == SQLITE_LOCK_SHARED) {
        file->level = shared->level = SQLITE_LOCK_SHARED;
        shared->shared_count = 1;
    } else if (level == SQLITE_LOCK_EXCLUSIVE && shared->shared_count > 1) {
        // Others still read: PENDING keeps new readers out until they are done.
        file->level = shared->level = SQLITE_LOCK_PENDING;
        result = SQLITE_BUSY;
    } else {
        file->level = shared->level = level;
    }
    process_state_unlock();
    return result;
}

int process_unlock(sqlite3_file *base, int level) {
    ProcessFile *file = (ProcessFile *)base;
    SharedFile *shared = file->shared;
    if (!shared || file->level <= level) return SQLITE_OK;
    process_state_lock();
    if (file->level > SQLITE_LOCK_SHARED) shared->level = SQLITE_LOCK_SHARED;
    if (level == SQLITE_LOCK_NONE) {
        shared->shared_count -= 1;
        if (shared->shared_count == 0) shared->level = SQLITE_LOCK_NONE;
    }
    file->level = level;
    process_state_unlock();
    return SQLITE_OK;
}

int process_check_reserved_lock(sqlite3_file *base, int *is_reserved) {
    ProcessFile *file = (ProcessFile *)base;
    process_state_lock();
    // No other process can hold a lock while this one holds its own.
    *is_reserved = file->shared->level > SQLITE_LOCK_SHARED;
    process_state_unlock();
    return SQLITE_OK;
}
