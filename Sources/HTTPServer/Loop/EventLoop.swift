import Primitives
import CSystemShims
import Glibc
import Synchronization

/// One event-loop thread: epoll, its connections' sockets, and the handler tasks' jobs. It only
/// performs syscalls; every decision about a connection is its `ConnectionStateMachine`'s.
/// Created on its thread and used only there, so none of this state needs a lock.
final class EventLoop {
    let executor: LoopExecutor
    let context: ServerContext
    let clock = LoopClock()
    private let settings: ConnectionSettings
    let epoll: Epoll
    private let workers: HandlerWorkers
    /// Ready sockets taken from epoll per turn: a turn's requests, their workers and answers stay
    /// in the CPU cache (with 256, at 512 connections, they did not).
    static let socketsPerTurn = 32
    /// Workers kept waiting for requests. A turn hands out at most `socketsPerTurn` requests, and
    /// a cached answer's handler finishes within the turn, so twice that keeps the hot path from
    /// starting tasks; requests that wait on an upstream beyond it start workers that end after
    /// (as each request's task did). What the parked keep is bounded: 64 tasks with their slabs,
    /// a few KiB each.
    static let maxParkedWorkers = 2 * socketsPerTurn
    private var connections: [SocketConnection?] = []
    /// Where each connection's object and its machine lie, by fd, for `prefetch`: read without
    /// touching the objects (or their reference counts) themselves.
    private var hotMemory: [HotMemory] = []
    /// Their objects' sizes, measured at the first connection.
    private var hotSizes: HotMemory.Sizes?
    /// Those of `connections` waiting for a next request: see EventLoop+Reclaiming.swift.
    var idle: IdleConnections
    /// Those that have not sent a whole request yet, per client: see EventLoop+Reclaiming.swift.
    var silent: SilentConnections
    private var nextGeneration: UInt64 = 1
    let readBuffer: UnsafeMutableRawBufferPointer
    /// What the machines ask for; emptied after each batch, its storage reused.
    private var actions: [ConnectionAction] = []
    private var jobs: [UnownedJob] = []
    private var messages: [LoopExecutor.Message] = []
    private var events = [Epoll.Event](repeating: Epoll.Event(), count: socketsPerTurn)
    /// Access lines not yet written: one write(2) when `accessLogFlushBytes` have gathered, at
    /// each timer check (so a line waits at most `timerInterval`) and as the loop ends. A write at
    /// the end of every turn was 2.5% of a cached page's CPU: the file system's cost per call.
    private var accessLog: [UInt8] = []
    private static let accessLogFlushBytes = 32 * 1024
    private var logTimestamps = Timestamp.Cache()
    private var drainDeadline: UInt64?
    private var nextTimerCheck: UInt64 = 0
    /// Accepting: see EventLoop+Accepting.swift.
    var accepting = AcceptState()
    /// Where accept writes each peer's address, reused.
    var peerText = [CChar](repeating: 0, count: 64)

    static let listenToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1
    private static let timerInterval: UInt64 = 100_000_000
    /// Rounds of handler jobs and messages run before epoll is polled again, so sockets are not starved.
    private static let workRoundsPerTurn = 64

    init(executor: LoopExecutor, context: ServerContext) throws {
        self.executor = executor
        self.context = context
        idle = IdleConnections(publishingTo: executor)
        silent = SilentConnections(loopIndex: executor.index, table: context.clients)
        settings = ConnectionSettings(limits: context.configuration.limits,
                                      problemTypePrefix: context.configuration.problemTypePrefix)
        epoll = try Epoll()
        workers = HandlerWorkers(executor: executor, maxParked: Self.maxParkedWorkers,
                                 run: Self.handler(executor: executor, context: context, prefix: settings.problemTypePrefix))
        guard epoll.add(executor.wakeDescriptor, events: SHIM_EPOLLIN, token: Self.wakeToken) else {
            throw SystemError("epoll_ctl(eventfd)")
        }
        readBuffer = .allocate(byteCount: settings.readChunk, alignment: 16)
        accepting.spareFD = SpareDescriptor.open()
        startListening()
    }

    deinit {
        readBuffer.deallocate()
        SpareDescriptor.close(accepting.spareFD)
    }

    // MARK: - The loop

    func run() {
        // The clock is read three times a turn: for the wait, on waking (what the connections set
        // their deadlines from) and for the timers, whose read the next turn starts from.
        clock.read()
        while true {
            if let drainDeadline, openCount == 0 || clock.recent >= drainDeadline { break }
            runPendingWork()
            let timeout = nextTimeout(now: MonotonicClock.now())
            let count = epoll.wait(into: &events, timeoutMilliseconds: timeout)
            clock.read()
            logTimestamps.turnBegan()
            executor.markAwake()
            if count < 0 && errno != EINTR {
                context.logger.error("epoll_wait failed", ("error", .string(SystemError("epoll_wait").description)))
                break
            }
            prefetch(count)
            for index in 0..<max(0, count) {
                handle(token: events[index].token, events: events[index].events)
            }
            runPendingWork()
            checkTimers(now: clock.read())
            if accessLog.count >= Self.accessLogFlushBytes { flushAccessLog() }
        }
        for fd in connections.indices { if let connection = connections[fd] { closeSocket(connection) } }
        stopListening()
        workers.stop()
        context.closeHandedOver(executor.stop(), by: executor)
        flushAccessLog()
    }

    /// Runs handler jobs and applies their results, a bounded number of rounds. Whatever it takes
    /// from the mailbox it runs; work left in the mailbox keeps the next epoll_wait from sleeping.
    private func runPendingWork() {
        for _ in 0..<Self.workRoundsPerTurn {
            guard executor.takeWork(jobs: &jobs, messages: &messages) else { return }
            for job in jobs { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
            jobs.removeAll(keepingCapacity: true)
            for message in messages { apply(message) }
            messages.removeAll(keepingCapacity: true)
        }
    }

    /// Milliseconds epoll may sleep: 0 with work waiting, else until the next timer check.
    private func nextTimeout(now: UInt64) -> Int32 {
        guard executor.prepareToSleep() else { return 0 }
        let wait = nextTimerCheck > now ? (nextTimerCheck - now) / 1_000_000 + 1 : 0
        return Int32(min(wait, 1000))
    }

    private var openCount: Int { connections.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    private func apply(_ message: LoopExecutor.Message) {
        switch message {
        case .completed(let token, let response):
            guard let connection = connection(for: token) else { return }
            connection.machine.handlerFinished(response, into: &actions)
            settle(connection)
        case .shutdown(let deadline):
            beginDrain(deadline: deadline)
        case .closeEachAnswer:
            closeEachAnswer()
        case .releaseListener:
            releaseListener()
        case .adopt(let fd, let peer, let reason):
            if reason.isReplacing { context.reclaimsInFlight.subtract(1, ordering: .relaxed) }
            // A loop that is stopping takes no new connection; its client may connect again.
            guard drainDeadline == nil else { return context.closeAccepted(fd, of: peer.client, countedBy: executor) }
            switch reason {
            case .balancing: register(fd, peer: peer)
            case .replacingIdle(let forwardsLeft): adoptInPlaceOfIdle(fd, peer: peer, forwardsLeft: forwardsLeft)
            case .replacingSilent(let client, let forwardsLeft):
                adoptInPlaceOfSilent(fd, peer: peer, client: client, forwardsLeft: forwardsLeft)
            }
        }
    }

    private func connection(for token: UInt64) -> SocketConnection? {
        let fd = Int(token & 0xFFFF_FFFF)
        guard fd < connections.count, let connection = connections[fd], connection.token == token else { return nil }
        return connection
    }

    private func handle(token: UInt64, events: UInt32) {
        switch token {
        case Self.listenToken:
            acceptConnections()
        case Self.wakeToken:
            executor.drainWake()
        default:
            guard let connection = connection(for: token) else { return }
            if events & (SHIM_EPOLLERR | SHIM_EPOLLHUP) != 0 && events & SHIM_EPOLLIN == 0 {
                connection.machine.readFailed(into: &actions)
            } else {
                if events & SHIM_EPOLLOUT != 0 { actions.append(.flush) }
                if events & (SHIM_EPOLLIN | SHIM_EPOLLRDHUP) != 0 { connection.mayHaveInput = true }
                if events & SHIM_EPOLLRDHUP != 0 { connection.peerHungUp = true }
            }
            settle(connection)
        }
    }

    // MARK: - Connections

    /// Takes an accepted socket into this loop, silent until its first request arrives. The socket
    /// is already counted, in the server's open connections, in this loop's and in its client's.
    func register(_ fd: Int32, peer: Peer) {
        Socket.configureAccepted(fd)
        let token = UInt64(UInt32(fd)) | (nextGeneration << 32)
        nextGeneration = nextGeneration & 0x7FFF_FFFF + 1
        let interest = SHIM_EPOLLIN | SHIM_EPOLLOUT | SHIM_EPOLLRDHUP | SHIM_EPOLLET
        guard epoll.add(fd, events: interest, token: token) else {
            return context.closeAccepted(fd, of: peer.client, countedBy: executor)
        }
        let connection = SocketConnection(fd: fd, token: token, peer: peer,
                                          machine: ConnectionStateMachine(clock: clock, settings: settings, acceptedAt: peer.acceptedAt))
        silent.add(connection, at: connection.machine.lastInputAt)
        if accepting.answersClose { connection.machine.closeAfterEachAnswer() }
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count))
        }
        connections[Int(fd)] = connection
        if Int(fd) >= hotMemory.count {
            hotMemory.append(contentsOf: repeatElement(HotMemory(), count: Int(fd) + 1 - hotMemory.count))
        }
        hotMemory[Int(fd)] = HotMemory(connection)
        if hotSizes == nil { hotSizes = HotMemory.Sizes(of: hotMemory[Int(fd)]) }
    }

    /// Asks the CPU to load the state of every connection of this turn's events before the first
    /// is handled: with hundreds of connections, each one's objects had left the cache since its
    /// last request, and each was a wait for memory in turn (the loads of its token and of its
    /// machine's fields were most of the loop's own time at 512 connections).
    private func prefetch(_ count: Int) {
        guard count > 1, let sizes = hotSizes else { return }
        for index in 0..<count {
            let fd = Int(events[index].token & 0xFFFF_FFFF)
            guard events[index].token > Self.wakeToken, fd < hotMemory.count else { continue }
            let memory = hotMemory[fd]
            if let connection = memory.connection { shim_prefetch(connection, sizes.connection) }
            if let machine = memory.machine { shim_prefetch(machine, sizes.machine) }
        }
    }

    /// Performs what the machine asked, then reads and parses for as long as input may be waiting
    /// and the machine takes it.
    private func settle(_ connection: SocketConnection) {
        perform(on: connection)
        while !connection.isClosed && connection.mayHaveInput && connection.machine.inputCapacity > 0 {
            readAvailable(connection)
            connection.machine.advance(into: &actions)
            perform(on: connection)
        }
        trackIdleness(connection)
    }

    /// Reads what the socket holds, up to what the machine takes now.
    private func readAvailable(_ connection: SocketConnection) {
        while connection.mayHaveInput && connection.machine.inputCapacity > 0 {
            let count = read(connection.fd, readBuffer.baseAddress, readBuffer.count)
            if count > 0 {
                connection.machine.received(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                // A short read took everything the socket held; bytes that arrive later raise a new
                // edge. So no second read(2) just to be told EAGAIN (one syscall a request fewer),
                // unless the peer hung up and its end of stream is still to be read.
                if count < readBuffer.count && !connection.peerHungUp { connection.mayHaveInput = false }
            } else if count == 0 {
                connection.mayHaveInput = false
                connection.machine.inputEnded(into: &actions)
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                connection.mayHaveInput = false
            } else {
                connection.mayHaveInput = false
                connection.machine.readFailed(into: &actions)
            }
        }
    }

    /// Carries out the machine's actions in order; a send's result may add more.
    private func perform(on connection: SocketConnection) {
        // Each action is moved out (not copied: a request is a large value), and a send's
        // result may append more while this runs.
        while !actions.isEmpty {
            switch actions.removeFirst() {
            case .dispatch:
                guard var request = connection.machine.takeRequest() else { continue }
                request.remoteAddress = connection.peerAddress
                dispatch(&request, on: connection)
            case .flush:
                guard !connection.isClosed, connection.machine.hasPendingOutput else { continue }
                let sent = connection.machine.withPendingOutput { head, body in Socket.send(connection.fd, head, body) }
                connection.machine.didWrite(sent, into: &actions)
            case .shutdownWrite:
                shutdown(connection.fd, Int32(SHUT_WR))
            case .close:
                closeSocket(connection)
            case .log(let record):
                log(record)
            }
        }
    }

    /// Answers the request here and now when the responder has its answer at hand (a kept body,
    /// a problem with the request): no worker, task or message; the answer goes out in this turn.
    /// Else a worker runs the wait the responder left and posts the answer back.
    private func dispatch(_ request: inout HTTPRequest, on connection: SocketConnection) {
        let answer: HTTPAnswer
        do {
            answer = try context.responder.answer(&request)
        } catch {
            answer = .ready(Self.response(to: request, failure: error, logger: context.logger, prefix: settings.problemTypePrefix))
        }
        // Consumed: a response bound out of a kept answer shares its storage, and the state machine
        // would copy it to change it (three retains a request).
        switch consume answer {
        case .ready(let response):
            executor.answeredReady.add(1, ordering: .relaxed)
            connection.machine.handlerFinished(response, into: &actions)
        case .pending(let wait):
            executor.handedToWorkers.add(1, ordering: .relaxed)
            workers.dispatch(HandlerWorkers.Work(wait: wait, request: request, token: connection.token))
        }
    }

    /// What a worker does with a request: the wait's answer, or the problem it threw, posted
    /// back to this loop.
    private static func handler(executor: LoopExecutor, context: ServerContext,
                                prefix: String) -> @Sendable (HandlerWorkers.Work) async -> Void {
        let logger = context.logger
        return { work in
            let response: HTTPResponse
            do {
                response = try await work.wait()
            } catch {
                response = EventLoop.response(to: work.request, failure: error, logger: logger, prefix: prefix)
            }
            executor.post(.completed(token: work.token, response: response))
        }
    }

    /// The answer to a request whose responder threw: the problem it names, else a 500 (logged).
    private static func response(to request: HTTPRequest, failure: any Error, logger: Logger, prefix: String) -> HTTPResponse {
        if let failure = failure as? any HTTPResponseError { return failure.response(problemTypePrefix: prefix) }
        logger.error("handler failed", ("method", .string(request.method.rawValue)),
                     ("path", .string(request.path)), ("error", .string(String(describing: failure))))
        return ProblemDetails.internalError.response(problemTypePrefix: prefix)
    }

    func closeSocket(_ connection: SocketConnection) {
        guard !connection.isClosed, connections[Int(connection.fd)] === connection else { return }
        connection.isClosed = true
        idle.remove(connection)
        silent.remove(connection)
        connections[Int(connection.fd)] = nil
        hotMemory[Int(connection.fd)] = HotMemory()
        context.closeAccepted(connection.fd, of: connection.peer.client, countedBy: executor)
    }

    // MARK: - Timers and shutdown

    private func checkTimers(now: UInt64) {
        guard now >= nextTimerCheck else { return }
        nextTimerCheck = now + Self.timerInterval
        flushAccessLog()
        resumeAcceptingIfDue(now: now)
        for fd in connections.indices {
            guard let connection = connections[fd], now >= connection.machine.deadline else { continue }
            connection.machine.clockTicked(into: &actions)
            settle(connection)
        }
    }

    /// The server drains before it stops: each connection's answers from now on close it.
    private func closeEachAnswer() {
        accepting.answersClose = true
        for connection in connections { connection?.machine.closeAfterEachAnswer() }
    }

    private func beginDrain(deadline: UInt64) {
        guard drainDeadline == nil else { return }
        drainDeadline = deadline
        stopListening()
        for fd in connections.indices {
            guard let connection = connections[fd] else { continue }
            connection.machine.beginDrain(into: &actions)
            settle(connection)
        }
    }

    var isDraining: Bool { drainDeadline != nil }

    // MARK: - Access log

    func log(_ record: AccessRecord) {
        guard context.logger.enabled(.info) else { return }
        context.logger.appendAccess(method: record.method?.rawValue ?? "-", path: record.path ?? "-", status: record.status,
                                    bytes: record.bodyBytes, durationMicroseconds: Int(record.durationNanoseconds / 1000),
                                    timestamp: logTimestamps.now(), to: &accessLog)
    }

    private func flushAccessLog() {
        guard !accessLog.isEmpty else { return }
        context.logger.write(accessLog)
        accessLog.removeAll(keepingCapacity: accessLog.capacity <= 64 * 1024)
    }
}
