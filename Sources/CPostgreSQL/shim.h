#ifndef C_POSTGRESQL_SHIM_H
#define C_POSTGRESQL_SHIM_H

#include <libpq-fe.h>
#include <poll.h>

/// Waits up to `timeout_ms` for `fd` to be readable (a notification, or the connection lost).
/// Returns poll's result: 1 readable, 0 timed out, -1 an error.
static inline int shim_wait_readable(int fd, int timeout_ms) {
    struct pollfd entry = { .fd = fd, .events = POLLIN, .revents = 0 };
    return poll(&entry, 1, timeout_ms);
}

#endif
