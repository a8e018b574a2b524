import CSystemShims
import Foundation
import Glibc
import Synchronization

/// Catches signals from the moment it is made: a C handler, installed with sigaction before
/// `init` returns, writes each signal's number to a pipe, and a thread of its own reads the pipe
/// and calls `onSignal`, outside the handler.
///
/// Why not a DispatchSource: on Linux, libdispatch installs its handler later, on a worker
/// thread, so a SIGTERM sent just after the start-up line was lost (3 of 30 in a probe) and the
/// server ran on until SIGKILL. One pipe per process.
final class SignalPipe: Sendable {
    private let signals: [Int32]
    /// The pipe's two descriptors (the reader thread closes the read end when cancelled).
    let readEnd: Int32
    let writeEnd: Int32
    private let cancelled = Atomic<Bool>(false)

    init(signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) throws {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from birth: no window in which a child another thread starts inherits them.
        guard shim_pipe_cloexec(&ends) == 0 else { throw SignalPipeError(call: "pipe2", errno: errno) }
        let readEnd = ends[0]
        self.readEnd = readEnd
        // The handler must never block: a full pipe drops a byte instead.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        self.signals = signals
        writeEnd = ends[1]

        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    onSignal(Int32(byte))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // 0: the write end closed (cancel).
                }
            }
            close(readEnd)
        }
        reader.name = "signals"
        reader.start()

        let installed = signals.withUnsafeBufferPointer {
            shim_signal_pipe_install(writeEnd, $0.baseAddress, Int32($0.count))
        }
        guard installed == 0 else {
            let error = SignalPipeError(call: "sigaction", errno: errno)
            cancel()
            throw error
        }
    }

    /// The signals' actions from before come back; the reader thread ends.
    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        signals.withUnsafeBufferPointer { shim_signal_pipe_remove($0.baseAddress, Int32($0.count)) }
        close(writeEnd)
    }
}

struct SignalPipeError: Error, CustomStringConvertible {
    let call: String
    let errno: Int32

    var description: String { "cannot catch signals: \(call) failed: \(String(cString: strerror(errno)))" }
}
