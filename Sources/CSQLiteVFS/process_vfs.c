// The "unix-process" VFS: SQLite's default VFS underneath, every call passed through, except the
// database file's locks (process_locks.c) and the WAL index (process_wal_index.c).
#include "CSQLiteVFS.h"
#include "process_file.h"
#include <pthread.h>
#include <string.h>

const char *const gifbff_process_vfs_name = "unix-process";

static sqlite3_vfs process_vfs;

#define WRAPPED(base) (((ProcessFile *)(base))->wrapped)
#define WRAPPED_VFS ((sqlite3_vfs *)process_vfs.pAppData)

// MARK: Files: passed through

static int file_close(sqlite3_file *base) {
    ProcessFile *file = (ProcessFile *)base;
    process_shared_detach(file);
    int result = file->wrapped->pMethods->xClose(file->wrapped);
    file->wrapped->pMethods = NULL;
    return result;
}

static int file_read(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    return WRAPPED(base)->pMethods->xRead(WRAPPED(base), buffer, amount, offset);
}

static int file_write(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    return WRAPPED(base)->pMethods->xWrite(WRAPPED(base), buffer, amount, offset);
}

static int file_truncate(sqlite3_file *base, sqlite3_int64 size) {
    return WRAPPED(base)->pMethods->xTruncate(WRAPPED(base), size);
}

static int file_sync(sqlite3_file *base, int flags) {
    return WRAPPED(base)->pMethods->xSync(WRAPPED(base), flags);
}

static int file_size(sqlite3_file *base, sqlite3_int64 *size) {
    return WRAPPED(base)->pMethods->xFileSize(WRAPPED(base), size);
}

static int file_lock(sqlite3_file *base, int level) {
    return WRAPPED(base)->pMethods->xLock(WRAPPED(base), level);
}

static int file_unlock(sqlite3_file *base, int level) {
    return WRAPPED(base)->pMethods->xUnlock(WRAPPED(base), level);
}

static int file_check_reserved_lock(sqlite3_file *base, int *is_reserved) {
    return WRAPPED(base)->pMethods->xCheckReservedLock(WRAPPED(base), is_reserved);
}

static int file_control(sqlite3_file *base, int operation, void *argument) {
    return WRAPPED(base)->pMethods->xFileControl(WRAPPED(base), operation, argument);
}

static int file_sector_size(sqlite3_file *base) {
    return WRAPPED(base)->pMethods->xSectorSize(WRAPPED(base));
}

static int file_device_characteristics(sqlite3_file *base) {
    return WRAPPED(base)->pMethods->xDeviceCharacteristics(WRAPPED(base));
}

// Journals, WAL files and the like: all passed through. Version 1: no WAL index of their own.
static const sqlite3_io_methods other_file_methods = {
    1, file_close, file_read, file_write, file_truncate, file_sync, file_size,
    file_lock, file_unlock, file_check_reserved_lock, file_control, file_sector_size, file_device_characteristics,
};

// Database files: this process's locks and WAL index. Version 2: no memory-mapped reads (xFetch),
// so no page of the file is ever mapped either.
static const sqlite3_io_methods database_file_methods = {
    2, file_close, file_read, file_write, file_truncate, file_sync, file_size,
    process_lock, process_unlock, process_check_reserved_lock, file_control, file_sector_size, file_device_characteristics,
    process_wal_index_map, process_wal_index_lock, process_wal_index_barrier, process_wal_index_unmap,
};

// MARK: The VFS: opening is ours, the rest passed through

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *base, int flags, int *out_flags) {
    (void)vfs;
    ProcessFile *file = (ProcessFile *)base;
    memset(file, 0, sizeof *file);
    file->wrapped = (sqlite3_file *)&file[1];
    int result = WRAPPED_VFS->xOpen(WRAPPED_VFS, name, file->wrapped, flags, out_flags);
    if (result == SQLITE_OK && (flags & SQLITE_OPEN_MAIN_DB) && name) {
        result = process_shared_attach(file, name);
    }
    if (result != SQLITE_OK) {
        // SQLite expects pMethods NULL after a failed open, and closes nothing itself then.
        if (file->wrapped->pMethods) file->wrapped->pMethods->xClose(file->wrapped);
        base->pMethods = NULL;
        return result;
    }
    base->pMethods = file->shared ? &database_file_methods : &other_file_methods;
    return SQLITE_OK;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    return WRAPPED_VFS->xDelete(WRAPPED_VFS, name, sync_directory);
}

static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return WRAPPED_VFS->xAccess(WRAPPED_VFS, name, flags, result);
}

static int vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return WRAPPED_VFS->xFullPathname(WRAPPED_VFS, name, size, out);
}

static void *vfs_dl_open(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return WRAPPED_VFS->xDlOpen(WRAPPED_VFS, name);
}

static void vfs_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    WRAPPED_VFS->xDlError(WRAPPED_VFS, size, message);
}

static void (*vfs_dl_sym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return WRAPPED_VFS->xDlSym(WRAPPED_VFS, library, symbol);
}

static void vfs_dl_close(sqlite3_vfs *vfs, void *library) {
    (void)vfs;
    WRAPPED_VFS->xDlClose(WRAPPED_VFS, library);
}

static int vfs_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return WRAPPED_VFS->xRandomness(WRAPPED_VFS, size, out);
}

static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return WRAPPED_VFS->xSleep(WRAPPED_VFS, microseconds);
}

static int vfs_current_time(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return WRAPPED_VFS->xCurrentTime(WRAPPED_VFS, now);
}

static int vfs_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return WRAPPED_VFS->xGetLastError(WRAPPED_VFS, size, message);
}

static int vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return WRAPPED_VFS->xCurrentTimeInt64(WRAPPED_VFS, now);
}

static int registration_result = SQLITE_OK;
static pthread_once_t registration = PTHREAD_ONCE_INIT;

static void register_once(void) {
    sqlite3_vfs *wrapped = sqlite3_vfs_find(NULL);
    if (!wrapped || wrapped->iVersion < 2 || !wrapped->xCurrentTimeInt64) {
        registration_result = SQLITE_ERROR;
        return;
    }
    process_vfs.iVersion = 2;
    process_vfs.szOsFile = (int)sizeof(ProcessFile) + wrapped->szOsFile;
    process_vfs.mxPathname = wrapped->mxPathname;
    process_vfs.zName = gifbff_process_vfs_name;
    process_vfs.pAppData = wrapped;
    process_vfs.xOpen = vfs_open;
    process_vfs.xDelete = vfs_delete;
    process_vfs.xAccess = vfs_access;
    process_vfs.xFullPathname = vfs_full_pathname;
    process_vfs.xDlOpen = vfs_dl_open;
    process_vfs.xDlError = vfs_dl_error;
    process_vfs.xDlSym = vfs_dl_sym;
    process_vfs.xDlClose = vfs_dl_close;
    process_vfs.xRandomness = vfs_randomness;
    process_vfs.xSleep = vfs_sleep;
    process_vfs.xCurrentTime = vfs_current_time;
    process_vfs.xGetLastError = vfs_get_last_error;
    process_vfs.xCurrentTimeInt64 = vfs_current_time_int64;
    registration_result = sqlite3_vfs_register(&process_vfs, 0);
}

int gifbff_process_vfs_register(void) {
    pthread_once(&registration, register_once);
    return registration_result;
}
