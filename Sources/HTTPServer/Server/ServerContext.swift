import Glibc
import Synchronization

/// What every loop of one server shares: configuration, the responder, the log and the counters.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    let listenFD: Int32
    /// Closing `listenFD` to new clients while the loops serve on (a drain before stopping).
    let listenerRelease: ListenerRelease
    /// Every loop of the server, for handing a new connection to the least loaded.
    let loops: [LoopExecutor]
    /// The configured limit, lowered to what the descriptor limit leaves room for.
    let maxConnections: Int
    let openConnections = Atomic<Int>(0)
    /// Connections per client: the cap per client, and whose to give up at the limit.
    let clients: ClientConnections
    /// Addresses exempt from the cap per client (`HTTPServerConfiguration.connectionLimitExempt`).
    private let exempt: [IPRange]
    /// One "out of descriptors" warning per interval for the whole server, however many loops refuse.
    let descriptorWarnings = RateLimitedWarning(interval: 5_000_000_000)
    /// Held around every accept: a loop that frees its spare descriptor to answer a client 503
    /// must get that descriptor itself, not lose it to another loop's accept (and with it the spare).
    let acceptLock = Mutex(())
    /// New connections handed to another loop to take the place of its oldest idle one, not yet
    /// taken: each is a descriptor open past the limit, so there are at most `maxReclaimsInFlight`.
    let reclaimsInFlight = Atomic<Int>(0)
    static let maxReclaimsInFlight = 32
    /// Connections closed or refused at a limit, counted and warned about (at most every 5 s each):
    /// idle keep-alive ones closed to admit new ones (keep-alive clients lose their connections),
    /// silent ones closed to admit new ones, and new ones refused as their client held its cap.
    let reclaimedIdle = CountedWarning("connection limit reached; idle keep-alive connections are closed to admit new ones",
                                       totalName: "reclaimed_total")
    let silentGivenUp = CountedWarning(
        "connection limit reached; connections that have sent no request are closed to admit new ones, the client holding the most first",
        totalName: "closed_total")
    let refusedOverClientLimit = CountedWarning("a client holds as many connections as one client may; its new ones are refused",
                                                totalName: "refused_total")
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
        clients = ClientConnections(limitPerClient: configuration.limits.maxConnectionsPerClient, loopCount: loops.count)
        exempt = configuration.connectionLimitExempt
        listenerRelease = ListenerRelease(listenFD: listenFD, loops: loops.count)
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

    /// The peer of a socket accept(2) gave, with whether its address is exempt from the cap per
    /// client (parsed only when some address is).
    func peer(address: String, client: ClientKey, acceptedAt: UInt64) -> Peer {
        guard !exempt.isEmpty, let ip = IPAddress(address) else {
            return Peer(address: address, client: client, exempt: false, acceptedAt: acceptedAt)
        }
        return Peer(address: address, client: client, exempt: exempt.contains { $0.contains(ip) }, acceptedAt: acceptedAt)
    }

    /// Closes an accepted socket and takes it off the counts (the open connections, `loop`'s and
    /// its client's): a connection that ends, or a socket that never became one (it could not be
    /// registered, or reached a loop that was stopping).
    func closeAccepted(_ fd: Int32, of client: ClientKey, countedBy loop: LoopExecutor) {
        close(fd)
        uncount(client, by: loop)
    }

    /// Takes a socket that is closed already off the counts.
    func uncount(_ client: ClientKey, by loop: LoopExecutor) {
        openConnections.subtract(1, ordering: .relaxed)
        loop.connectionCount.subtract(1, ordering: .relaxed)
        clients.release(client)
    }

    /// Closes the connections handed to `loop` that it ended before taking (`LoopExecutor.stop`),
    /// and lets go of the listener if it was asked to and never did (whoever waits for that returns).
    func closeHandedOver(_ leftover: [LoopExecutor.Message], by loop: LoopExecutor) {
        for message in leftover {
            switch message {
            case .adopt(let fd, let peer, let reason):
                if reason.isReplacing { reclaimsInFlight.subtract(1, ordering: .relaxed) }
                closeAccepted(fd, of: peer.client, countedBy: loop)
            case .releaseListener:
                listenerRelease.letGo {}
            case .completed, .shutdown, .closeEachAnswer:
                break
            }
        }
    }

    // MARK: - At the connection limit

    /// The loop whose oldest idle keep-alive connection has been idle longest; nil when no loop
    /// has one. A loop's figure may be a moment old: that loop then closes its oldest now.
    func loopWithOldestIdle() -> LoopExecutor? {
        var best: LoopExecutor?
        var bestSince = UInt64.max
        for loop in loops {
            let since = loop.oldestIdleSince.load(ordering: .relaxed)
            if since < bestSince {
                best = loop
                bestSince = since
            }
        }
        return best
    }

    /// Takes one of the `maxReclaimsInFlight` hand-overs; false when all are taken.
    func reserveReclaim() -> Bool {
        if reclaimsInFlight.add(1, ordering: .relaxed).newValue <= Self.maxReclaimsInFlight { return true }
        reclaimsInFlight.subtract(1, ordering: .relaxed)
        return false
    }

    /// An idle connection was closed to admit a new one.
    func noteReclaimed() { reclaimedIdle.note(to: logger, ("max_connections", .int(maxConnections))) }

    /// A silent connection was closed to admit a new one.
    func noteSilentGivenUp() { silentGivenUp.note(to: logger, ("max_connections", .int(maxConnections))) }

    /// A new connection was refused because its client held its cap.
    func noteRefusedOverClientLimit() {
        refusedOverClientLimit.note(to: logger, ("max_connections_per_client", .int(clients.limitPerClient)))
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
