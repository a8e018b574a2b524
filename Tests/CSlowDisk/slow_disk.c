// Each file is the wrapped VFS's file, with every call passed through and a sleep before writes.
#include "CSlowDisk.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    sqlite3_file base;
    sqlite3_file *wrapped;
    int is_slow;
} SlowFile;

static int write_delay = 0;
static long write_count = 0;

void slow_disk_set_write_delay(int microseconds) { __atomic_store_n(&write_delay, microseconds, __ATOMIC_SEQ_CST); }
long slow_disk_write_count(void) { return __atomic_load_n(&write_count, __ATOMIC_SEQ_CST); }

#define WRAPPED(base) (((SlowFile *)(base))->wrapped)
#define WRAPPED_VFS(vfs) ((sqlite3_vfs *)(vfs)->pAppData)

static int file_close(sqlite3_file *base) {
    int result = WRAPPED(base)->pMethods->xClose(WRAPPED(base));
    WRAPPED(base)->pMethods = NULL;
    return result;
}

static int file_read(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    return WRAPPED(base)->pMethods->xRead(WRAPPED(base), buffer, amount, offset);
}

static int file_write(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    if (((SlowFile *)base)->is_slow) {
        __atomic_add_fetch(&write_count, 1, __ATOMIC_SEQ_CST);
        int delay = __atomic_load_n(&write_delay, __ATOMIC_SEQ_CST);
        if (delay > 0) usleep((useconds_t)delay);
    }
    return WRAPPED(base)->pMethods->xWrite(WRAPPED(base), buffer, amount, offset);
}

static int file_truncate(sqlite3_file *base, sqlite3_int64 size) { return WRAPPED(base)->pMethods->xTruncate(WRAPPED(base), size); }
static int file_sync(sqlite3_file *base, int flags) { return WRAPPED(base)->pMethods->xSync(WRAPPED(base), flags); }
static int file_size(sqlite3_file *base, sqlite3_int64 *size) { return WRAPPED(base)->pMethods->xFileSize(WRAPPED(base), size); }
static int file_lock(sqlite3_file *base, int level) { return WRAPPED(base)->pMethods->xLock(WRAPPED(base), level); }
static int file_unlock(sqlite3_file *base, int level) { return WRAPPED(base)->pMethods->xUnlock(WRAPPED(base), level); }
static int file_check_reserved_lock(sqlite3_file *base, int *out) { return WRAPPED(base)->pMethods->xCheckReservedLock(WRAPPED(base), out); }
static int file_control(sqlite3_file *base, int operation, void *argument) { return WRAPPED(base)->pMethods->xFileControl(WRAPPED(base), operation, argument); }
static int file_sector_size(sqlite3_file *base) { return WRAPPED(base)->pMethods->xSectorSize(WRAPPED(base)); }
static int file_device_characteristics(sqlite3_file *base) { return WRAPPED(base)->pMethods->xDeviceCharacteristics(WRAPPED(base)); }

static int file_shm_map(sqlite3_file *base, int region, int size, int extend, void volatile **pointer) {
    return WRAPPED(base)->pMethods->xShmMap(WRAPPED(base), region, size, extend, pointer);
}
static int file_shm_lock(sqlite3_file *base, int offset, int count, int flags) {
    return WRAPPED(base)->pMethods->xShmLock(WRAPPED(base), offset, count, flags);
}
static void file_shm_barrier(sqlite3_file *base) { WRAPPED(base)->pMethods->xShmBarrier(WRAPPED(base)); }
static int file_shm_unmap(sqlite3_file *base, int delete_flag) { return WRAPPED(base)->pMethods->xShmUnmap(WRAPPED(base), delete_flag); }

static const sqlite3_io_methods plain_methods = {
    1, file_close, file_read, file_write, file_truncate, file_sync, file_size,
    file_lock, file_unlock, file_check_reserved_lock, file_control, file_sector_size, file_device_characteristics,
};

static const sqlite3_io_methods shared_memory_methods = {
    2, file_close, file_read, file_write, file_truncate, file_sync, file_size,
    file_lock, file_unlock, file_check_reserved_lock, file_control, file_sector_size, file_device_characteristics,
    file_shm_map, file_shm_lock, file_shm_barrier, file_shm_unmap,
};

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *base, int flags, int *out_flags) {
    SlowFile *file = (SlowFile *)base;
    memset(file, 0, sizeof *file);
    file->wrapped = (sqlite3_file *)&file[1];
    file->is_slow = (flags & (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_WAL)) != 0;
    int result = WRAPPED_VFS(vfs)->xOpen(WRAPPED_VFS(vfs), name, file->wrapped, flags, out_flags);
    if (result != SQLITE_OK) {
        if (file->wrapped->pMethods) file->wrapped->pMethods->xClose(file->wrapped);
        base->pMethods = NULL;
        return result;
    }
    const sqlite3_io_methods *wrapped = file->wrapped->pMethods;
    base->pMethods = (wrapped->iVersion >= 2 && wrapped->xShmMap) ? &shared_memory_methods : &plain_methods;
    return SQLITE_OK;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync) { return WRAPPED_VFS(vfs)->xDelete(WRAPPED_VFS(vfs), name, sync); }
static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) { return WRAPPED_VFS(vfs)->xAccess(WRAPPED_VFS(vfs), name, flags, out); }
static int vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return WRAPPED_VFS(vfs)->xFullPathname(WRAPPED_VFS(vfs), name, size, out);
}
static void *vfs_dl_open(sqlite3_vfs *vfs, const char *name) { return WRAPPED_VFS(vfs)->xDlOpen(WRAPPED_VFS(vfs), name); }
static void vfs_dl_error(sqlite3_vfs *vfs, int size, char *out) { WRAPPED_VFS(vfs)->xDlError(WRAPPED_VFS(vfs), size, out); }
static void (*vfs_dl_sym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    return WRAPPED_VFS(vfs)->xDlSym(WRAPPED_VFS(vfs), library, symbol);
}
static void vfs_dl_close(sqlite3_vfs *vfs, void *library) { WRAPPED_VFS(vfs)->xDlClose(WRAPPED_VFS(vfs), library); }
static int vfs_randomness(sqlite3_vfs *vfs, int size, char *out) { return WRAPPED_VFS(vfs)->xRandomness(WRAPPED_VFS(vfs), size, out); }
static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) { return WRAPPED_VFS(vfs)->xSleep(WRAPPED_VFS(vfs), microseconds); }
static int vfs_current_time(sqlite3_vfs *vfs, double *now) { return WRAPPED_VFS(vfs)->xCurrentTime(WRAPPED_VFS(vfs), now); }
static int vfs_get_last_error(sqlite3_vfs *vfs, int size, char *out) { return WRAPPED_VFS(vfs)->xGetLastError(WRAPPED_VFS(vfs), size, out); }
static int vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    return WRAPPED_VFS(vfs)->xCurrentTimeInt64(WRAPPED_VFS(vfs), now);
}

int slow_disk_register(const char *name, const char *wrapped_name) {
    // Test set-up runs on one thread at a time: no lock needed for the check and the register.
    if (sqlite3_vfs_find(name)) return SQLITE_OK;
    sqlite3_vfs *wrapped = sqlite3_vfs_find(wrapped_name);
    if (!wrapped || wrapped->iVersion < 2) return SQLITE_ERROR;
    sqlite3_vfs *vfs = calloc(1, sizeof *vfs);
    char *copied_name = strdup(name);
    if (!vfs || !copied_name) {
        free(vfs);
        free(copied_name);
        return SQLITE_NOMEM;
    }
    vfs->iVersion = 2;
    vfs->szOsFile = (int)sizeof(SlowFile) + wrapped->szOsFile;
    vfs->mxPathname = wrapped->mxPathname;
    vfs->zName = copied_name;
    vfs->pAppData = wrapped;
    vfs->xOpen = vfs_open;
    vfs->xDelete = vfs_delete;
    vfs->xAccess = vfs_access;
    vfs->xFullPathname = vfs_full_pathname;
    vfs->xDlOpen = vfs_dl_open;
    vfs->xDlError = vfs_dl_error;
    vfs->xDlSym = vfs_dl_sym;
    vfs->xDlClose = vfs_dl_close;
    vfs->xRandomness = vfs_randomness;
    vfs->xSleep = vfs_sleep;
    vfs->xCurrentTime = vfs_current_time;
    vfs->xGetLastError = vfs_get_last_error;
    vfs->xCurrentTimeInt64 = vfs_current_time_int64;
    // Registered for the process's life, as SQLite expects of a VFS in use.
    return sqlite3_vfs_register(vfs, 0);
}
