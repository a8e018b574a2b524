import CSystemShims
import Glibc

/// An eventfd another thread writes to wake a loop blocked in epoll_wait. Closed when the last
/// reference goes: its loop lets go as it stops (`LoopExecutor.stop`), and a thread signalling at
/// that moment holds it until its write is done, so the number is never another file's under it.
final class WakeSignal: Sendable {
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
}
