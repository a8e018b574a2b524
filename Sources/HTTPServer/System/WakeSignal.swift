import CSystemShims
import Glibc

/// An eventfd another thread writes to wake a loop blocked in epoll_wait.
struct WakeSignal: ~Copyable {
    let fd: Int32

    init() throws {
        fd = shim_eventfd()
        guard fd >= 0 else { throw SystemError("eventfd") }
    }

    deinit { close(fd) }

    func signal() {
        var one: UInt64 = 1
        _ = write(fd, &one, MemoryLayout<UInt64>.size)
    }

    /// Resets the counter after a wake-up, so the next write wakes epoll again.
    func drain() {
        var value: UInt64 = 0
        _ = read(fd, &value, MemoryLayout<UInt64>.size)
    }
}
