import CSystemShims
import Glibc

/// One epoll instance: what a loop thread blocks on. Used only by its loop's thread.
final class Epoll {
    typealias Event = shim_epoll_event

    private let fd: Int32

    init() throws {
        fd = shim_epoll_create()
        guard fd >= 0 else { throw SystemError("epoll_create1") }
    }

    deinit { close(fd) }

    /// Watches `descriptor` for `events`; each readiness reports `token`. False if epoll refused.
    func add(_ descriptor: Int32, events: UInt32, token: UInt64) -> Bool {
        shim_epoll_ctl(fd, EPOLL_CTL_ADD, descriptor, events, token) == 0
    }

    func remove(_ descriptor: Int32) {
        _ = shim_epoll_ctl(fd, EPOLL_CTL_DEL, descriptor, 0, 0)
    }

    /// Waits up to `timeoutMilliseconds` and fills `events`; the count ready, or -1 with errno set.
    func wait(into events: inout [Event], timeoutMilliseconds: Int32) -> Int {
        Int(shim_epoll_wait(fd, &events, Int32(events.count), timeoutMilliseconds))
    }
}
