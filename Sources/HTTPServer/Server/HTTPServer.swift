import Foundation
import Glibc
import Synchronization

/// An HTTP/1.1 server on non-blocking sockets and epoll, with a fixed number of event-loop threads.
/// It reads requests, hands each to the responder in a task on the connection's loop, and writes
/// the answers in order. It knows nothing of what the routes do.
package final class HTTPServer: Sendable {
    package let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let logger: Logger
    private let state = Mutex<Running?>(nil)

    private struct Running {
        let context: ServerContext
        let loops: [LoopExecutor]
        let port: UInt16
    }

    package init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
    }

    /// Binds, starts the event loops and returns the port it listens on.
    @discardableResult
    package func start() throws -> UInt16 {
        // A client that hangs up must not kill the process: writes also use MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        DescriptorLimit.raiseToHardLimit()
        let maxConnections = DescriptorLimit.connectionLimit(configured: configuration.limits.maxConnections,
                                                             descriptorLimit: DescriptorLimit.current)
        if maxConnections < configuration.limits.maxConnections {
            logger.info("connection limit lowered to fit the descriptor limit",
                        ("max_connections", .int(maxConnections)), ("descriptor_limit", .int(DescriptorLimit.current ?? 0)))
        }
        guard let address = SocketAddress(host: configuration.host, port: configuration.port) else {
            throw HTTPServerError.invalidHost(configuration.host)
        }
        let listenFD: Int32
        do {
            listenFD = try Socket.listen(on: address, backlog: configuration.backlog)
        } catch let error as SystemError {
            throw HTTPServerError.cannotListen(host: configuration.host, port: configuration.port, reason: error.description)
        }
        let port = SocketAddress.boundPort(of: listenFD) ?? configuration.port
        var loops: [LoopExecutor] = []
        do {
            for index in 0..<max(1, configuration.eventLoopCount) { loops.append(try LoopExecutor(index: index)) }
        } catch {
            close(listenFD)
            throw error
        }
        let context = ServerContext(configuration: configuration, responder: responder, logger: logger, listenFD: listenFD,
                                    loops: loops, maxConnections: maxConnections)
        // Each loop is made on its own thread; a failure there is reported back before start returns.
        let started = DispatchSemaphore(value: 0)
        let failures = Mutex<[String]>([])
        for loop in loops {
            let thread = Thread {
                do {
                    let eventLoop = try EventLoop(executor: loop, context: context)
                    started.signal()
                    eventLoop.run()
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                    // Another loop may have handed it a connection already: close those.
                    context.closeHandedOver(loop.stop(), by: loop)
                    started.signal()
                }
                context.loopDidFinish()
            }
            thread.name = "http-loop-\(loop.index)"
            thread.start()
        }
        for _ in loops { started.wait() }
        if let failure = failures.withLock({ $0.first }) {
            // The loops that did start stop at once; the socket closes after they let go of it.
            let deadline = MonotonicClock.now()
            for loop in loops { loop.post(.shutdown(deadline: deadline)) }
            Task {
                await context.waitUntilFinished()
                close(listenFD)
            }
            throw HTTPServerError.cannotStart(failure)
        }
        state.withLock { $0 = Running(context: context, loops: loops, port: port) }
        return port
    }

    /// The port the server listens on, once started.
    package var port: UInt16? { state.withLock { $0?.port } }

    /// How many connections each loop serves now (for tests of how they are spread).
    var connectionsPerLoop: [Int] {
        state.withLock { $0?.loops.map { $0.connectionCount.load(ordering: .relaxed) } ?? [] }
    }

    /// How many loops have an idle keep-alive connection now (for tests of the connection limit).
    var loopsWithIdleConnections: Int {
        state.withLock { $0?.loops.filter { $0.oldestIdleSince.load(ordering: .relaxed) != .max }.count ?? 0 }
    }

    /// Connections `client` holds now (for tests of the cap per client).
    func clientConnectionCount(of client: ClientKey) -> Int {
        state.withLock { $0?.context.clients.openCount(of: client) ?? 0 }
    }

    /// Requests answered so far: at once on their event loop (the answer was in memory), and by
    /// workers (it had to be waited for). Responses the transport made itself (a 400, a 408) are
    /// in neither.
    package var answerCounts: (ready: Int, byWorkers: Int) {
        state.withLock { running in
            let loops = running?.loops ?? []
            return (loops.reduce(0) { $0 + $1.answeredReady.load(ordering: .relaxed) },
                    loops.reduce(0) { $0 + $1.handedToWorkers.load(ordering: .relaxed) })
        }
    }

    /// Starts a drain before stopping: every answer from now on, those in progress included,
    /// carries `Connection: close` and closes its connection, so keep-alive clients (a balancer's
    /// pool) connect afresh, to another instance once this one stops listening. Meanwhile every
    /// request, new, in flight or on a kept-alive connection, is served as before; how long that
    /// lasts is the caller's to decide (then `closeListener`, then `shutdown`).
    package func closeConnectionsAfterEachAnswer() {
        guard let running = state.withLock({ $0 }) else { return }
        for loop in running.loops { loop.post(.closeEachAnswer) }
    }

    /// Stops taking connections: clients already queued on the listening socket are accepted and
    /// served, then it is shut, so a new client is refused at once rather than left waiting.
    /// Connections open are served on. Returns once the socket is shut.
    package func closeListener() async {
        guard let running = state.withLock({ $0 }) else { return }
        let release = running.context.listenerRelease
        if release.begin() {
            for loop in running.loops where !loop.post(.releaseListener) {
                // That loop has ended: it holds the socket no longer.
                release.letGo {}
            }
        }
        await release.wait()
    }

    /// Stops accepting, lets requests in flight finish within the grace period, closes every
    /// connection and returns when all loops have ended.
    package func shutdown() async {
        guard let running = state.withLock({ $0 }) else { return }
        let deadline = MonotonicClock.now() + configuration.shutdownGracePeriod.nanoseconds
        for loop in running.loops { loop.post(.shutdown(deadline: deadline)) }
        await running.context.waitUntilFinished()
        let closesSocket = state.withLock { current -> Bool in
            guard current?.context === running.context else { return false }
            current = nil
            return true
        }
        if closesSocket { close(running.context.listenFD) }
    }

    /// Returns when the server has stopped.
    package func waitUntilStopped() async {
        guard let context = state.withLock({ $0?.context }) else { return }
        await context.waitUntilFinished()
    }
}

package enum HTTPServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case cannotListen(host: String, port: UInt16, reason: String)
    case cannotStart(String)

    package var description: String {
        switch self {
        case .invalidHost(let host): "not a numeric IPv4 or IPv6 address: \(host)"
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .cannotStart(let reason): "cannot start the event loops: \(reason)"
        }
    }
}
