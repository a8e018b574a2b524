import Dispatch
import Glibc
import HTTPServer
import Synchronization

/// SIGTERM and SIGINT start a graceful shutdown; a second one exits at once.
final class ShutdownSignals {
    private var sources: [any DispatchSourceSignal] = []

    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    init(server: HTTPServer, logger: Logger) {
        let count = Count()
        for signalNumber in [SIGTERM, SIGINT] {
            // The default action would kill the process before the handler could run.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
            source.setEventHandler {
                if count.value.add(1, ordering: .relaxed).newValue > 1 {
                    logger.warning("second signal: exiting now", ("signal", .string(name)))
                    exit(1)
                }
                logger.info("shutting down", ("signal", .string(name)))
                Task { await server.shutdown() }
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() { for source in sources { source.cancel() } }
}
