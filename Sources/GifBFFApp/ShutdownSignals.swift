import Glibc
import HTTPServer
import Synchronization

/// SIGTERM (a deploy, `docker stop`) drains, then shuts down gracefully; SIGINT (Ctrl-C) shuts
/// down gracefully at once; a second signal of either exits at once. SIGUSR1 asks for a backup
/// (one pipe catches every signal: `SignalPipe` is one per process).
final class ShutdownSignals: Sendable {
    private let pipe: SignalPipe

    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    init(app: RunningApp, drain: Duration, logger: Logger, onBackupRequest: @escaping @Sendable () -> Void = {}) throws {
        let count = Count()
        pipe = try SignalPipe(signals: [SIGTERM, SIGINT, SIGUSR1]) { signalNumber in
            if signalNumber == SIGUSR1 { return onBackupRequest() }
            let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
            if count.value.add(1, ordering: .relaxed).newValue > 1 {
                logger.warning("second signal: exiting now", ("signal", .string(name)))
                exit(1)
            }
            let drainFor = signalNumber == SIGTERM ? drain : .zero
            logger.info("shutting down", ("signal", .string(name)), ("drain_ms", .int(Int((drainFor / .milliseconds(1)).rounded()))))
            Task { await app.drainThenStop(drain: drainFor) }
        }
    }

    func cancel() { pipe.cancel() }
}
