import Glibc
import Synchronization

/// What every loop of one server shares: configuration, the responder, the log and the counters.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    let listenFD: Int32
    /// Every loop of the server, for handing a new connection to the least loaded.
    let loops: [LoopExecutor]
    /// The configured limit, lowered to what the descriptor limit leaves room for.
    let maxConnections: Int
    let openConnections = Atomic<Int>(0)
    /// One "out of descriptors" warning per interval for the whole server, however many loops refuse.
    let descriptorWarnings = RateLimitedWarning(interval: 5_000_000_000)
    /// Held around every accept: a loop that frees its spare descriptor to answer a client 503
    /// must get that descriptor itself, not lose it to another loop's accept (and with it the spare).
    let acceptLock = Mutex(())
    private let finished: Mutex<Finished>

    private struct Finished {
        var runningLoops: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger, listenFD: Int32,
         loops: [LoopExecutor], maxConnections: Int) {
        self.configuration = configuration
        self.maxConnections = maxConnections
        self.responder = responder
        self.logger = logger
        self.listenFD = listenFD
        self.loops = loops
        finished = Mutex(Finished(runningLoops: loops.count))
    }

    /// The loop a new connection should go to: the one serving the fewest, `accepting` on a tie.
    /// Whichever loop epoll wakes accepts a whole burst of connections; without this, one loop could
    /// serve most of them while the other idles, and their clients wait longer.
    func leastLoaded(accepting: LoopExecutor) -> LoopExecutor {
        var best = accepting
        var bestCount = accepting.connectionCount.load(ordering: .relaxed)
        for loop in loops where loop !== accepting {
            let count = loop.connectionCount.load(ordering: .relaxed)
            if count < bestCount {
                best = loop
                bestCount = count
            }
        }
        return best
    }

    /// Closes an accepted socket and takes it off the counts (the open connections and `loop`'s):
    /// a connection that ends, or a socket that never became one (it could not be registered, or
    /// reached a loop that was stopping).
    func closeAccepted(_ fd: Int32, countedBy loop: LoopExecutor) {
        close(fd)
        openConnections.subtract(1, ordering: .relaxed)
        loop.connectionCount.subtract(1, ordering: .relaxed)
    }

    /// Closes the connections handed to `loop` that it ended before taking (`LoopExecutor.stop`).
    func closeHandedOver(_ leftover: [LoopExecutor.Message], by loop: LoopExecutor) {
        for case .adopt(let fd, _) in leftover { closeAccepted(fd, countedBy: loop) }
    }

    /// Each loop calls this once as it ends; the last one wakes the waiters.
    func loopDidFinish() {
        let waiters = finished.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.runningLoops -= 1
            guard state.runningLoops == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let done = finished.withLock { state -> Bool in
                if state.runningLoops == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
