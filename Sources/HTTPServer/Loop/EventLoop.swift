import CSystemShims
import Glibc

/// The body of one event-loop thread: epoll, its connections, their timers, and the handler tasks'
/// jobs. Created on its thread and used only there, so none of this state needs a lock.
final class LoopRunner {
    private let loop: EventLoop
    private let context: ServerContext
    private let limits: HTTPLimits
    private let epollFD: Int32
    private var connections: [Connection?] = []
    private var nextGeneration: UInt64 = 1
    private var readBuffer: UnsafeMutableRawBufferPointer
    private var jobs: [UnownedJob] = []
    private var messages: [EventLoop.Message] = []
    private var events = [shim_epoll_event](repeating: shim_epoll_event(), count: 256)
    private var dateCache = HTTPDateCache()
    private var accessLog = ""
    private var listening = false
    private var acceptPausedUntil: UInt64 = 0
    private var drainDeadline: UInt64?
    private var nextTimerCheck: UInt64 = 0

    private static let listenToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1
    private static let readChunk = 64 * 1024
    /// Unparsed input kept while a request is in flight (pipelining); more waits in the kernel.
    private static let pipelineBufferLimit = 64 * 1024
    private static let lingerTime: UInt64 = 2_000_000_000
    private static let timerInterval: UInt64 = 100_000_000

    init(loop: EventLoop, context: ServerContext) throws {
        self.loop = loop
        self.context = context
        self.limits = context.configuration.limits
        epollFD = shim_epoll_create()
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        readBuffer = .allocate(byteCount: Self.readChunk, alignment: 16)
        guard shim_epoll_ctl(epollFD, EPOLL_CTL_ADD, loop.wakeFD, SHIM_EPOLLIN, Self.wakeToken) == 0 else {
            throw SystemError("epoll_ctl(eventfd)")
        }
        startListening()
    }

    deinit {
        readBuffer.deallocate()
        close(epollFD)
    }

    // MARK: - The loop

    func run() {
        while true {
            let now = MonotonicClock.now()
            if let drainDeadline, openCount == 0 || now >= drainDeadline { break }
            runPendingWork()
            let timeout = nextTimeout(now: MonotonicClock.now())
            let count = shim_epoll_wait(epollFD, &events, Int32(events.count), timeout)
            loop.markAwake()
            if count < 0 && errno != EINTR {
                context.logger.error("epoll_wait failed", ("error", .string(SystemError("epoll_wait").description)))
                break
            }
            for index in 0..<max(0, Int(count)) {
                handle(token: events[index].token, events: events[index].events)
            }
            runPendingWork()
            checkTimers(now: MonotonicClock.now())
            flushAccessLog()
        }
        for fd in connections.indices { if let connection = connections[fd] { closeConnection(connection) } }
        stopListening()
        loop.stop()
        flushAccessLog()
    }

    /// Runs handler jobs and applies their results until nothing is waiting.
    private func runPendingWork() {
        var rounds = 0
        while loop.takeWork(jobs: &jobs, messages: &messages), rounds < 64 {
            rounds += 1
            for job in jobs { job.runSynchronously(on: loop.asUnownedTaskExecutor()) }
            jobs.removeAll(keepingCapacity: true)
            for message in messages { apply(message) }
            messages.removeAll(keepingCapacity: true)
        }
    }

    /// Milliseconds epoll may sleep: 0 with work waiting, else until the next timer check.
    private func nextTimeout(now: UInt64) -> Int32 {
        // Work that arrived since the last run is done on the next turn, without waiting.
        guard loop.prepareToSleep() else { return 0 }
        let wait = nextTimerCheck > now ? (nextTimerCheck - now) / 1_000_000 + 1 : 0
        return Int32(min(wait, 1000))
    }

    private var openCount: Int { connections.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    private func apply(_ message: EventLoop.Message) {
        switch message {
        case .completed(let token, let response):
            complete(token: token, response: response)
        case .shutdown(let deadline):
            beginDrain(deadline: deadline)
        }
    }

    private func handle(token: UInt64, events: UInt32) {
        switch token {
        case Self.listenToken:
            acceptConnections()
        case Self.wakeToken:
            loop.drainWake()
        default:
            let fd = Int(token & 0xFFFF_FFFF)
            guard fd < connections.count, let connection = connections[fd], connection.token == token else { return }
            if events & (SHIM_EPOLLERR | SHIM_EPOLLHUP) != 0 && events & SHIM_EPOLLIN == 0 {
                closeConnection(connection)
                return
            }
            if events & SHIM_EPOLLOUT != 0 { flush(connection) }
            if events & (SHIM_EPOLLIN | SHIM_EPOLLRDHUP) != 0 && !connection.isClosed {
                connection.mayHaveInput = true
                readAndAdvance(connection)
            }
        }
    }

    // MARK: - Accepting

    private func startListening() {
        guard !listening, drainDeadline == nil else { return }
        if shim_epoll_ctl(epollFD, EPOLL_CTL_ADD, context.listenFD, SHIM_EPOLLIN | SHIM_EPOLLEXCLUSIVE, Self.listenToken) == 0 {
            listening = true
        }
    }

    private func stopListening() {
        guard listening else { return }
        _ = shim_epoll_ctl(epollFD, EPOLL_CTL_DEL, context.listenFD, 0, 0)
        listening = false
    }

    private func acceptConnections() {
        for _ in 0..<64 {
            let fd = shim_accept(context.listenFD)
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop accepting briefly instead of spinning on the ready socket.
                    context.logger.warning("accept paused", ("error", .string(SystemError("accept4").description)))
                    stopListening()
                    acceptPausedUntil = MonotonicClock.now() + 100_000_000
                    return
                default:
                    return
                }
            }
            if context.openConnections.add(1, ordering: .relaxed).newValue > limits.maxConnections {
                context.openConnections.subtract(1, ordering: .relaxed)
                refuseOverLimit(fd)
                continue
            }
            register(fd)
        }
    }

    private func register(_ fd: Int32) {
        Socket.configureAccepted(fd)
        let token = UInt64(UInt32(fd)) | (nextGeneration << 32)
        nextGeneration = nextGeneration & 0x7FFF_FFFF + 1
        let interest = SHIM_EPOLLIN | SHIM_EPOLLOUT | SHIM_EPOLLRDHUP | SHIM_EPOLLET
        guard shim_epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, interest, token) == 0 else {
            close(fd)
            context.openConnections.subtract(1, ordering: .relaxed)
            return
        }
        let connection = Connection(fd: fd, token: token, limits: limits,
                                    deadline: MonotonicClock.now() + limits.headTimeout.nanoseconds)
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count))
        }
        connections[Int(fd)] = connection
    }

    /// Past the connection limit: a 503 right away, then close (not counted, never registered).
    private func refuseOverLimit(_ fd: Int32) {
        let response = ProblemDetails.tooManyConnections.response
        let head = ResponseHead.bytes(for: response, connection: "close", date: dateCache.current())
        head.withUnsafeBytes { headBytes in
            response.body.withUnsafeBytes { bodyBytes in _ = Socket.send(fd, headBytes, bodyBytes) }
        }
        shutdown(fd, Int32(SHUT_WR))
        _ = read(fd, readBuffer.baseAddress, readBuffer.count)
        close(fd)
        log(method: nil, path: nil, status: 503, bytes: response.body.count, start: MonotonicClock.now())
    }

    // MARK: - Reading and parsing

    private func readAndAdvance(_ connection: Connection) {
        readAvailable(connection)
        guard connections[Int(connection.fd)] === connection else { return }
        if connection.readFailed {
            closeConnection(connection)
            return
        }
        if connection.state == .lingering {
            if connection.peerClosed { closeConnection(connection) }
            return
        }
        advance(connection)
    }

    /// Reads what the socket holds, up to what the connection may buffer now; returns the bytes kept.
    @discardableResult
    private func readAvailable(_ connection: Connection) -> Int {
        guard !connection.isClosed else { return 0 }
        let wasIdle = connection.isIdle
        var received = 0
        var lingeringReads = 0
        while connection.mayHaveInput {
            let busy = connection.state == .handling || connection.hasPendingOutput
            let cap = busy ? Self.pipelineBufferLimit : connection.decoder.isBetweenRequests ? maxBufferedHead : maxBufferedInput
            if connection.unreadInput >= cap { break }
            if connection.state == .lingering {
                // A client that keeps sending after our last response gets a bounded amount of attention.
                lingeringReads += 1
                if lingeringReads > 16 { break }
            }
            let count = read(connection.fd, readBuffer.baseAddress, readBuffer.count)
            if count > 0 {
                received += connection.state == .lingering ? 0 : count
                if connection.state != .lingering {
                    connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                }
            } else if count == 0 {
                connection.peerClosed = true
                connection.mayHaveInput = false
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                connection.mayHaveInput = false
            } else {
                connection.peerClosed = true
                connection.mayHaveInput = false
                connection.readFailed = true
            }
        }
        if received > 0 && connection.state == .reading {
            // The clock for a request starts at its first byte, and restarts with progress on a body.
            if wasIdle || !connection.decoder.isBetweenRequests {
                connection.deadline = MonotonicClock.now() + limits.headTimeout.nanoseconds
                connection.deadlineAction = .requestTimeout
            }
        }
        return received
    }

    /// The most input worth holding before a head is parsed: the head's limits decide by then.
    private var maxBufferedHead: Int {
        limits.maxRequestLineBytes + limits.maxHeaderBytes + Self.readChunk
    }

    /// The most unparsed input one request can need: its head, its body and some chunk framing.
    private var maxBufferedInput: Int {
        limits.maxRequestLineBytes + limits.maxHeaderBytes + limits.maxBodyBytes + Self.readChunk
    }

    /// Parses and dispatches the next request, if the connection is ready for one.
    private func advance(_ connection: Connection) {
        while connection.state == .reading && !connection.hasPendingOutput && !connection.closeAfterFlush && !connection.isClosed {
            let event = connection.input.withUnsafeBufferPointer { buffer in
                connection.decoder.next(buffer, index: &connection.inputIndex)
            }
            switch event {
            case .needMore:
                connection.compactInput()
                if connection.mayHaveInput && readAvailable(connection) > 0 { continue }
                if connection.peerClosed || connection.readFailed {
                    closeConnection(connection)
                } else if drainDeadline != nil && connection.isIdle {
                    closeConnection(connection)
                }
                return
            case .sendContinue:
                write(ResponseHead.continueLine, [], to: connection)
            case .request(let request, let keepAlive):
                connection.keepAlive = keepAlive && drainDeadline == nil
                dispatch(request, on: connection)
                return
            case .failure(let error):
                connection.requestStart = MonotonicClock.now()
                connection.requestMethod = HTTPMethod("-")
                connection.requestPath = "-"
                connection.keepAlive = false
                send(error.problem(limits: limits).response, to: connection, isHead: false)
                return
            }
        }
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection) {
        connection.state = .handling
        connection.deadline = .max
        connection.requestStart = MonotonicClock.now()
        connection.requestMethod = request.method
        connection.requestPath = request.path
        connection.requestVersion = request.version
        let loop = self.loop
        let responder = context.responder
        let logger = context.logger
        let token = connection.token
        Task(executorPreference: loop) {
            let response: HTTPResponse
            do {
                response = try await responder.respond(to: request)
            } catch let problem as ProblemDetails {
                response = problem.response
            } catch {
                logger.error("handler failed", ("method", .string(request.method.rawValue)),
                             ("path", .string(request.path)), ("error", .string(String(describing: error))))
                response = ProblemDetails.internalError.response
            }
            loop.post(.completed(token: token, response: response))
        }
    }

    // MARK: - Writing

    private func complete(token: UInt64, response: HTTPResponse) {
        let fd = Int(token & 0xFFFF_FFFF)
        guard fd < connections.count, let connection = connections[fd], connection.token == token,
              connection.state == .handling else { return }
        connection.state = .reading
        if drainDeadline != nil { connection.keepAlive = false }
        send(response, to: connection, isHead: connection.requestMethod == .head)
        armDeadline(connection)
        guard !connection.isClosed, !connection.closeAfterFlush, !connection.hasPendingOutput else { return }
        advance(connection)
    }

    private func send(_ response: HTTPResponse, to connection: Connection, isHead: Bool) {
        let connectionField: String? = connection.keepAlive
            ? (connection.requestVersion == .http1_0 ? "keep-alive" : nil)
            : "close"
        let head = ResponseHead.bytes(for: response, connection: connectionField, date: dateCache.current())
        let body = isHead || !response.status.allowsContent ? [] : response.body
        if !connection.keepAlive { connection.closeAfterFlush = true }
        log(method: connection.requestMethod, path: connection.requestPath, status: response.status.code,
            bytes: body.count, start: connection.requestStart)
        write(head, body, to: connection)
    }

    /// Sends head and body in one call where the socket takes them; keeps the rest for EPOLLOUT.
    private func write(_ head: [UInt8], _ body: [UInt8], to connection: Connection) {
        guard !connection.isClosed else { return }
        if connection.hasPendingOutput {
            connection.outbound.append(contentsOf: head)
            connection.outbound.append(contentsOf: body)
            return
        }
        let sent = head.withUnsafeBytes { headBytes in
            body.withUnsafeBytes { bodyBytes in Socket.send(connection.fd, headBytes, bodyBytes) }
        }
        guard let sent else {
            closeConnection(connection)
            return
        }
        let total = head.count + body.count
        if sent == total {
            if connection.closeAfterFlush { startLingering(connection) }
            return
        }
        var rest: [UInt8] = []
        rest.reserveCapacity(total - sent)
        if sent < head.count {
            rest.append(contentsOf: head[sent...])
            rest.append(contentsOf: body)
        } else {
            rest.append(contentsOf: body[(sent - head.count)...])
        }
        connection.outbound = rest
        connection.outboundIndex = 0
        armDeadline(connection)
    }

    private func flush(_ connection: Connection) {
        guard !connection.isClosed, connection.hasPendingOutput else { return }
        let sent = connection.outbound.withUnsafeBytes { bytes in
            Socket.send(connection.fd, UnsafeRawBufferPointer(rebasing: bytes[connection.outboundIndex...]),
                        UnsafeRawBufferPointer(start: nil, count: 0))
        }
        guard let sent else {
            closeConnection(connection)
            return
        }
        connection.outboundIndex += sent
        guard !connection.hasPendingOutput else {
            // Progress restarts the write deadline; a reader that takes nothing is closed when it passes.
            if sent > 0 { armDeadline(connection) }
            return
        }
        connection.outbound = []
        connection.outboundIndex = 0
        if connection.closeAfterFlush {
            startLingering(connection)
        } else if connection.state == .reading {
            armDeadline(connection)
            advance(connection)
        }
    }

    /// Sets when the connection is given up on, from what it is doing now:
    /// a handler runs (no deadline), output waits for the client (the idle timeout, restarted by
    /// progress), nothing has arrived (the idle timeout), or a request is arriving (the head
    /// timeout, counted from its first byte and never pushed back by a dribble).
    private func armDeadline(_ connection: Connection) {
        guard !connection.isClosed else { return }
        let now = MonotonicClock.now()
        switch connection.state {
        case .handling:
            connection.deadline = .max
        case .lingering:
            return
        case .reading where connection.hasPendingOutput:
            connection.deadline = now + limits.idleTimeout.nanoseconds
            connection.deadlineAction = .closeQuietly
        case .reading where connection.isIdle:
            connection.deadline = now + limits.idleTimeout.nanoseconds
            connection.deadlineAction = .closeQuietly
        case .reading:
            if connection.deadlineAction != .requestTimeout || connection.deadline == .max {
                connection.deadline = now + limits.headTimeout.nanoseconds
                connection.deadlineAction = .requestTimeout
            }
        }
    }

    /// Half-closes and drains what the client still sends, so our last response is not lost to a reset.
    private func startLingering(_ connection: Connection) {
        if connection.peerClosed && !connection.mayHaveInput {
            closeConnection(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.state = .lingering
        connection.input = []
        connection.inputIndex = 0
        connection.deadline = MonotonicClock.now() + Self.lingerTime
        connection.deadlineAction = .closeQuietly
        readAvailable(connection)
        if connection.peerClosed { closeConnection(connection) }
    }

    private func closeConnection(_ connection: Connection) {
        guard Int(connection.fd) < connections.count, connections[Int(connection.fd)] === connection else { return }
        connection.isClosed = true
        connections[Int(connection.fd)] = nil
        close(connection.fd)
        context.openConnections.subtract(1, ordering: .relaxed)
    }

    // MARK: - Timers and shutdown

    private func checkTimers(now: UInt64) {
        guard now >= nextTimerCheck else { return }
        nextTimerCheck = now + Self.timerInterval
        if !listening && drainDeadline == nil && acceptPausedUntil != 0 && now >= acceptPausedUntil {
            acceptPausedUntil = 0
            startListening()
        }
        for fd in connections.indices {
            guard let connection = connections[fd], now >= connection.deadline else { continue }
            switch connection.deadlineAction {
            case .closeQuietly:
                closeConnection(connection)
            case .requestTimeout:
                guard connection.state == .reading, !connection.hasPendingOutput else {
                    closeConnection(connection)
                    continue
                }
                connection.requestStart = now
                connection.requestMethod = HTTPMethod("-")
                connection.requestPath = "-"
                connection.keepAlive = false
                connection.deadline = now + Self.lingerTime
                connection.deadlineAction = .closeQuietly
                send(ProblemDetails.requestTimeout.response, to: connection, isHead: false)
            }
        }
    }

    private func beginDrain(deadline: UInt64) {
        guard drainDeadline == nil else { return }
        drainDeadline = deadline
        stopListening()
        for fd in connections.indices {
            guard let connection = connections[fd] else { continue }
            if connection.isIdle || connection.state == .lingering {
                closeConnection(connection)
            } else if connection.state == .reading {
                connection.keepAlive = false
            }
        }
    }

    // MARK: - Access log

    private func log(method: HTTPMethod?, path: String?, status: Int, bytes: Int, start: UInt64) {
        guard context.logger.enabled(.info) else { return }
        let micros = Int((MonotonicClock.now() &- start) / 1000)
        accessLog += context.logger.line(.info, "request", [
            ("method", .string(method?.rawValue ?? "-")), ("path", .string(path ?? "-")),
            ("status", .int(status)), ("bytes", .int(bytes)), ("duration_us", .int(micros)),
        ])
    }

    private func flushAccessLog() {
        guard !accessLog.isEmpty else { return }
        context.logger.write(accessLog)
        accessLog = ""
    }
}
