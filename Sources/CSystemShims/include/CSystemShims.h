#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

// epoll_event is packed on x86_64; Swift reads this plain copy instead.
typedef struct {
    uint32_t events;
    uint64_t token;
} shim_epoll_event;

static inline int shim_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static inline int shim_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &ev);
}

/// Waits like epoll_wait and copies the ready events into `out` (at most 256).
static inline int shim_epoll_wait(int epfd, shim_epoll_event *out, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        out[i].events = events[i].events;
        out[i].token = events[i].data.u64;
    }
    return n;
}

/// Asks the CPU to bring `bytes` from `start` into its cache, one request per 64-byte line, without
/// waiting for them (a hint: nothing faults, whatever the address).
static inline void shim_prefetch(const void *start, long bytes) {
    const char *line = (const char *)((uintptr_t)start & ~(uintptr_t)63);
    for (const char *end = (const char *)start + bytes; line < end; line += 64) __builtin_prefetch(line, 1, 3);
}

static inline int shim_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// glibc declares accept4 only under _GNU_SOURCE, which a module header cannot rely on.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

/// accept4 without the peer address, non-blocking and close-on-exec.
static inline int shim_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

// glibc declares pipe2 only under _GNU_SOURCE, as accept4.
extern int pipe2(int pipefd[2], int flags);

/// A pipe whose two ends are close-on-exec from birth (`ends[0]` reads, `ends[1]` writes).
static inline int shim_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }
/// Who a connection comes from, for the limits per client: an IPv4 address (`family` 4, the
/// address in the low 32 bits), an IPv6 address's /64 (`family` 6, its first 64 bits: one
/// subscriber's network, whose holder has every address in it), or neither (`family` 0).
typedef struct {
    uint64_t bits;
    uint8_t family;
} shim_client_key;

/// The client a socket address counts as (see shim_client_key).
static inline shim_client_key shim_client_key_of(const struct sockaddr *address) {
    shim_client_key key = {0, 0};
    const unsigned char *v4 = NULL;
    if (address->sa_family == AF_INET) {
        v4 = (const unsigned char *)&((const struct sockaddr_in *)address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        const struct in6_addr *v6 = &((const struct sockaddr_in6 *)address)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(v6)) {
            v4 = &v6->s6_addr[12];
        } else {
            for (int i = 0; i < 8; i++) key.bits = (key.bits << 8) | v6->s6_addr[i];
            key.family = 6;
        }
    }
    if (v4 != NULL) {
        key.bits = ((uint64_t)v4[0] << 24) | ((uint64_t)v4[1] << 16) | ((uint64_t)v4[2] << 8) | v4[3];
        key.family = 4;
    }
    return key;
}

/// shim_accept that also writes the peer's address as text into `text` (`capacity` bytes, at
/// least INET6_ADDRSTRLEN): IPv4 dotted, IPv6 without brackets, an IPv4-mapped IPv6 address as
/// IPv4; "" when the socket has no such address. `key` gets the client it counts as.
static inline int shim_accept_peer(int fd, char *text, socklen_t capacity, shim_client_key *key) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    int client = accept4(fd, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (capacity > 0) text[0] = 0;
    key->bits = 0;
    key->family = 0;
    if (client < 0 || capacity < INET6_ADDRSTRLEN) return client;
    *key = shim_client_key_of((const struct sockaddr *)&address);
    if (key->family == 4) {
        uint32_t v4 = htonl((uint32_t)key->bits);
        inet_ntop(AF_INET, &v4, text, capacity);
    } else if (key->family == 6) {
        inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&address)->sin6_addr, text, capacity);
    }
    return client;
}

/// Makes the listening socket `fd` drop every new connection's first segment (a SYN without ACK)
/// while handshakes already under way complete and are queued for accept: no client can join the
/// queue after this. A client whose SYN is dropped sends it again a second later. Returns 0, or
/// -1 with errno set.
int shim_drop_new_handshakes(int fd);

/// Catches `signals` with a handler installed before this returns (sigaction): it only writes
/// the signal's number, as one byte, to `write_fd` (which should be non-blocking). One pipe per
/// process. Returns 0, or -1 with errno set.
int shim_signal_pipe_install(int write_fd, const int *signals, int count);

/// Gives `signals` back the actions they had before install and stops writing to the pipe.
void shim_signal_pipe_remove(const int *signals, int count);

static const uint32_t SHIM_EPOLLIN = EPOLLIN;
static const uint32_t SHIM_EPOLLOUT = EPOLLOUT;
static const uint32_t SHIM_EPOLLRDHUP = EPOLLRDHUP;
static const uint32_t SHIM_EPOLLHUP = EPOLLHUP;
static const uint32_t SHIM_EPOLLERR = EPOLLERR;
static const uint32_t SHIM_EPOLLET = EPOLLET;
static const uint32_t SHIM_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;
static const int SHIM_SOCK_STREAM_NONBLOCK_CLOEXEC = SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC;

// The allocator's own count (glibc's mallinfo2, which Swift's Glibc module leaves out): bytes
// handed out and not freed, and bytes freed but kept by the allocator rather than returned.
static inline size_t shim_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

static inline size_t shim_heap_free_kept(void) {
    struct mallinfo2 info = mallinfo2();
    return info.fordblks;
}

// Gives the free pages of every arena back to the system (glibc's malloc_trim); 1 if any were.
static inline int shim_heap_trim(void) { return malloc_trim(0); }

// Freed memory is kept by each arena up to `trimBytes` (not handed back on every free), and
// blocks under `mmapBytes` come from the arenas, not fresh mappings; 1 if glibc took both.
static inline int shim_heap_keep_freed(int trimBytes, int mmapBytes) {
    return mallopt(M_TRIM_THRESHOLD, trimBytes) == 1 && mallopt(M_MMAP_THRESHOLD, mmapBytes) == 1;
}

#endif
