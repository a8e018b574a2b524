// bench/slow_disk.sh's LD_PRELOAD shim: every pwrite to a file whose name ends in .sqlite3 or
// .sqlite3-wal sleeps SLOW_WRITE_MS (default 100) first; everything else is untouched.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int is_database_file(int fd) {
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) return 0;
    path[length] = 0;
    size_t n = (size_t)length;
    return (n > 8 && strcmp(path + n - 8, ".sqlite3") == 0) || (n > 12 && strcmp(path + n - 12, ".sqlite3-wal") == 0);
}

static void slow_down(int fd) {
    if (!is_database_file(fd)) return;
    const char *milliseconds = getenv("SLOW_WRITE_MS");
    usleep((useconds_t)(milliseconds ? atoi(milliseconds) : 100) * 1000);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite64");
    slow_down(fd);
    return real(fd, buffer, count, offset);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
    slow_down(fd);
    return real(fd, buffer, count, offset);
}
