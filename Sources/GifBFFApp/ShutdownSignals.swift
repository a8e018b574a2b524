import Glibc
import HTTPServer
import Synchronization

/// SIGTERM and SIGINT start a graceful shutdown; a second one exits at once. SIGUSR1 asks for a
/// backup (one pipe catches every signal: `SignalPipe` is one per process).
final class ShutdownSignals: Sendable {
    private let pipe: SignalPipe

    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    init(server: HTTPServer, logger: Logger, onBackupRequest: @escaping @Sendable () -> Void = {}) throws {
        let count = Count()
        pipe = try SignalPipe(signals: [SIGTERM, SIGINT, SIGUSR1]) { signalNumber in
            if signalNumber == SIGUSR1 { return onBackupRequest() }
            let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
            if count.value.add(1, ordering: .relaxed).newValue > 1 {
                logger.warning("second signal: exiting now", ("signal", .string(name)))
                exit(1)
            }
            logger.info("shutting down", ("signal", .string(name)))
            Task { await server.shutdown() }
        }
    }

    func cancel() { pipe.cancel() }
}
