// Most shims are inline in the header; the signal pipe needs state a handler can reach.
#include "CSystemShims.h"
#include <linux/filter.h>
#include <string.h>

// The pipe's write end. Set before the handler is installed and cleared after it is removed;
// sig_atomic_t, because the handler reads it.
static volatile sig_atomic_t signal_pipe_fd = -1;

// What each signal did before install, given back by remove.
static struct sigaction actions_before[NSIG];

// Runs in whatever thread the signal lands on: only async-signal-safe calls, errno kept.
static void write_signal_number(int signal_number) {
    int saved_errno = errno;
    int fd = signal_pipe_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        // A full pipe drops the byte: the reader already has signals to act on.
        ssize_t written = write(fd, &byte, 1);
        (void)written;
    }
    errno = saved_errno;
}

int shim_signal_pipe_install(int write_fd, const int *signals, int count) {
    signal_pipe_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = write_signal_number;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (signals[i] <= 0 || signals[i] >= NSIG) { errno = EINVAL; return -1; }
        if (sigaction(signals[i], &action, &actions_before[signals[i]]) != 0) return -1;
    }
    return 0;
}

void shim_signal_pipe_remove(const int *signals, int count) {
    for (int i = 0; i < count; i++) {
        if (signals[i] > 0 && signals[i] < NSIG) sigaction(signals[i], &actions_before[signals[i]], NULL);
    }
    signal_pipe_fd = -1;
}

// A classic BPF program run on each segment that reaches the listening socket, from the TCP
// header on: a segment with SYN set and ACK clear (a new connection's first) is dropped (0
// bytes kept), every other one kept whole.
int shim_drop_new_handshakes(int fd) {
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 13),                  // the TCP flags byte
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0x12),               // SYN and ACK only
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x02, 0, 1),         // SYN without ACK?
        BPF_STMT(BPF_RET | BPF_K, 0),                            // drop it
        BPF_STMT(BPF_RET | BPF_K, 0xFFFFFFFF),                   // keep the rest
    };
    struct sock_fprog program = { .len = sizeof code / sizeof code[0], .filter = code };
    return setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program);
}
