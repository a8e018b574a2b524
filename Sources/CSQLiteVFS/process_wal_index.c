// The WAL index ("shared memory" to SQLite) in this process's heap, shared by its connections to
// one database file. SQLite's own unix VFS maps a -shm file instead; in heap, nothing another
// program does to a file can fault our memory. It grows as SQLite extends it (32 KiB per 4,096
// WAL frames; checkpoints keep the WAL short) and is freed when the last connection unmaps it;
// the next one to map it finds it zeroed and rebuilds it from the WAL file, as SQLite does
// when it is the first to open a -shm.
#include "process_file.h"
#include <stdlib.h>

void process_wal_index_free(SharedFile *shared) {
    for (int index = 0; index < shared->region_count; index++) free(shared->regions[index]);
    free(shared->regions);
    shared->regions = NULL;
    shared->region_count = 0;
    shared->region_size = 0;
}

// Under the state lock: regions up to `region` exist, zeroed, or SQLITE_NOMEM.
static int extend_regions(SharedFile *shared, int region, int size) {
    void **regions = realloc(shared->regions, sizeof(void *) * (size_t)(region + 1));
    if (!regions) return SQLITE_NOMEM;
    shared->regions = regions;
    while (shared->region_count <= region) {
        void *memory = calloc(1, (size_t)size);
        if (!memory) return SQLITE_NOMEM;
        shared->regions[shared->region_count] = memory;
        shared->region_count += 1;
    }
    return SQLITE_OK;
}

int process_wal_index_map(sqlite3_file *base, int region, int size, int extend, void volatile **pointer) {
    ProcessFile *file = (ProcessFile *)base;
    SharedFile *shared = file->shared;
    int result = SQLITE_OK;
    *pointer = NULL;
    process_state_lock();
    if (!file->maps_wal_index) {
        file->maps_wal_index = 1;
        shared->wal_index_users += 1;
    }
    if (shared->region_size == 0) shared->region_size = size;
    if (size != shared->region_size) {
        result = SQLITE_IOERR_SHMSIZE;
    } else if (region < shared->region_count) {
        *pointer = shared->regions[region];
    } else if (extend) {
        result = extend_regions(shared, region, size);
        if (result == SQLITE_OK) *pointer = shared->regions[region];
    }
    // Not extending a region that does not exist: SQLite expects NULL and SQLITE_OK.
    process_state_unlock();
    return result;
}

int process_wal_index_lock(sqlite3_file *base, int offset, int count, int flags) {
    ProcessFile *file = (ProcessFile *)base;
    SharedFile *shared = file->shared;
    if (offset < 0 || count < 1 || offset + count > SQLITE_SHM_NLOCK) return SQLITE_IOERR_LOCK;
    uint16_t mask = (uint16_t)((1u << (offset + count)) - (1u << offset));
    int *locks = shared->wal_index_locks;
    int result = SQLITE_OK;
    process_state_lock();
    if (flags & SQLITE_SHM_UNLOCK) {
        for (int slot = offset; slot < offset + count; slot++) {
            uint16_t bit = (uint16_t)(1u << slot);
            if (file->wal_index_shared & bit) locks[slot] -= 1;
            if (file->wal_index_exclusive & bit) locks[slot] = 0;
        }
        file->wal_index_shared &= (uint16_t)~mask;
        file->wal_index_exclusive &= (uint16_t)~mask;
    } else if (flags & SQLITE_SHM_SHARED) {
        if ((file->wal_index_shared & mask) == 0) {
            if (locks[offset] < 0) {
                result = SQLITE_BUSY;
            } else {
                locks[offset] += 1;
                file->wal_index_shared |= mask;
            }
        }
    } else if ((file->wal_index_exclusive & mask) != mask) {
        for (int slot = offset; slot < offset + count && result == SQLITE_OK; slot++) {
            if (locks[slot] != 0) result = SQLITE_BUSY;
        }
        if (result == SQLITE_OK) {
            for (int slot = offset; slot < offset + count; slot++) locks[slot] = -1;
            file->wal_index_exclusive |= mask;
        }
    }
    process_state_unlock();
    return result;
}

void process_wal_index_barrier(sqlite3_file *base) {
    (void)base;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    // As SQLite's unix VFS: the mutex too, for what the fence alone does not order.
    process_state_lock();
    process_state_unlock();
}

int process_wal_index_unmap(sqlite3_file *base, int delete_flag) {
    // There is no file to delete: the index goes with its last user either way.
    (void)delete_flag;
    ProcessFile *file = (ProcessFile *)base;
    SharedFile *shared = file->shared;
    if (!shared || !file->maps_wal_index) return SQLITE_OK;
    process_wal_index_lock(base, 0, SQLITE_SHM_NLOCK, SQLITE_SHM_UNLOCK | SQLITE_SHM_SHARED);
    process_state_lock();
    file->maps_wal_index = 0;
    shared->wal_index_users -= 1;
    if (shared->wal_index_users == 0) process_wal_index_free(shared);
    process_state_unlock();
    return SQLITE_OK;
}
