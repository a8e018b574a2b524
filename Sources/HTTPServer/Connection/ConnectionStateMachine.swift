/// One HTTP/1.1 connection as a state machine: bytes, handler results and clock ticks in;
/// actions out (dispatch this request, send this output, shut down, close). It makes no
/// syscall, so every rule about timeouts, pipelining and closing is testable without a socket.
///
/// One request is handled at a time; pipelined requests wait in `input`, their answers go out in
/// order. While a handler runs or output waits for the client, the machine takes at most
/// `pipelineBufferLimit` of further input (back-pressure: the rest stays in the kernel).
final class ConnectionStateMachine<Clock: ConnectionClock> {
    enum Phase: Equatable {
        /// Reading (or waiting for) the next request, or writing the answer to the last one.
        case reading
        /// A handler is working on a request.
        case handling
        /// The last response is out and the write side shut; input is drained and dropped.
        case lingering
        case closed
    }

    /// What happens when `deadline` passes.
    private enum DeadlineAction {
        case requestTimeout
        case closeQuietly
    }

    private(set) var phase = Phase.reading
    /// The most head storage a connection keeps between responses.
    static var keptHeadCapacity: Int { 1024 }
    /// When the clock passing it means something (`clockTicked` acts then); `.max` for never.
    private(set) var deadline: UInt64
    private var deadlineAction = DeadlineAction.requestTimeout

    private let clock: Clock
    private let settings: ConnectionSettings
    private var decoder: RequestDecoder
    private var input: [UInt8] = []
    private var inputIndex = 0
    private var lingerBytesLeft: Int
    /// Output not yet taken by the socket: head and body kept apart so both go out in one call.
    private var outputHead: [UInt8] = []
    private var outputBody: [UInt8] = []
    private var outputSent = 0

    private var peerClosed = false
    /// When the last response was given, before it was sent; nil before the first.
    private var answeredAt: UInt64?
    private var keepAlive = true
    private var closeAfterFlush = false
    private var draining = false
    /// The server drains before it stops: every answer closes its connection (`Connection: close`),
    /// so keep-alive clients move to another instance while this one still serves them.
    private var closingAfterEachAnswer = false

    /// The request a `.dispatch` action stands for, until the loop takes it.
    private var dispatching: HTTPRequest?

    // The request in flight, for its access-log line and its response's framing.
    private var requestStart: UInt64 = 0
    private var requestMethod: HTTPMethod?
    private var requestPath: String?
    private var requestVersion = HTTPVersion.http1_1
    /// When the request now arriving sent its first byte; nil between requests.
    private var requestBegan: UInt64?
    /// When bytes last arrived (the connection's start before any): for choosing, at the
    /// connection limit, the silent connection that has sent nothing for longest.
    private(set) var lastInputAt: UInt64

    /// `acceptedAt`: when the socket was accepted, if before now (it waited to be registered).
    init(clock: Clock, settings: ConnectionSettings, acceptedAt: UInt64? = nil) {
        self.clock = clock
        self.settings = settings
        decoder = RequestDecoder(limits: settings.limits)
        lingerBytesLeft = settings.lingerBytes
        // A client that connects and sends nothing has the head timeout to start.
        let now = clock.now
        deadline = now + settings.timeouts.head
        requestBegan = now
        lastInputAt = min(acceptedAt ?? now, now)
    }

    var unreadInput: Int { input.count - inputIndex }
    var hasPendingOutput: Bool { outputSent < outputHead.count + outputBody.count }

    /// Nothing of a request has arrived since the last response: closing now loses nothing.
    var isIdle: Bool {
        phase == .reading && unreadInput == 0 && decoder.isBetweenRequests && !hasPendingOutput
    }

    /// When the connection went idle after answering a request, while it waits for the next with
    /// nothing of it read and the last response all handed to the kernel (nil otherwise): closing
    /// it now cuts no answer and no request, as a keep-alive client must expect (RFC 9112 section
    /// 9.5). The time is the answer's, taken before it was sent, so its client cannot have seen it
    /// earlier: connections on different loops compare in the order their clients were served.
    /// A connection that has sent nothing yet is never idle this way: its first request is coming.
    var idleKeepAliveSince: UInt64? { isIdle ? answeredAt : nil }

    /// No request has arrived whole yet, nor been refused: the connection is silent, the first to
    /// be given up at the connection limit. Once false, it stays false.
    var awaitsFirstRequest: Bool { answeredAt == nil && phase == .reading && !closeAfterFlush }

    /// How many more bytes the machine takes now; 0 tells the loop to leave the rest in the kernel.
    var inputCapacity: Int {
        switch phase {
        case .closed: return 0
        case .lingering: return peerClosed ? 0 : lingerBytesLeft
        case .reading, .handling:
            if peerClosed { return 0 }
            let busy = phase == .handling || hasPendingOutput
            let cap = busy ? settings.pipelineBufferLimit
                : decoder.isBetweenRequests ? settings.maxBufferedHead : settings.maxBufferedInput
            return max(0, cap - unreadInput)
        }
    }

    // MARK: - Input

    /// Bytes read from the socket. Call `advance` once the read is done.
    func received(_ bytes: UnsafeRawBufferPointer) {
        switch phase {
        case .closed:
            return
        case .lingering:
            lingerBytesLeft = max(0, lingerBytesLeft - bytes.count)
        case .reading, .handling:
            let wasIdle = isIdle
            lastInputAt = clock.recent
            input.append(contentsOf: bytes)
            // A request's clock starts at its first byte and restarts with progress on a body;
            // a head dribbled in byte by byte never pushes it back, and neither do empty lines
            // before a request (they start none: else a CRLF now and then would hold the connection).
            // (The scan stops at a request's first byte.)
            let startsRequest = wasIdle && !bytes.allSatisfy { $0 == ByteClass.cr || $0 == ByteClass.lf }
            if startsRequest { requestBegan = clock.recent }
            if phase == .reading && (startsRequest || !decoder.isBetweenRequests) {
                setDeadline(arrivalDeadline(), .requestTimeout)
            }
        }
    }

    /// The client closed its side: what is buffered is still answered, then the connection closes.
    func inputEnded(into actions: inout [ConnectionAction]) {
        peerClosed = true
        if phase == .lingering { close(&actions) }
    }

    /// Reading failed (a reset): nothing can be sent either.
    func readFailed(into actions: inout [ConnectionAction]) {
        close(&actions)
    }

    /// Parses and dispatches the next request, if the connection is ready for one.
    func advance(into actions: inout [ConnectionAction]) {
        while phase == .reading && !hasPendingOutput && !closeAfterFlush {
            // A request is decoded straight into `dispatching`, where the loop takes it from.
            let step = input.withUnsafeBufferPointer { decoder.decode($0, index: &inputIndex, into: &dispatching) }
            switch step {
            case .needMore:
                compactInput()
                if peerClosed || (draining && isIdle) { close(&actions) }
                return
            case .sendContinue:
                queueOutput(ResponseHead.continueLine, [], into: &actions)
            case .request(let requestKeepAlive):
                // Read field by field: binding the whole request would copy it.
                guard let method = dispatching?.method, let version = dispatching?.version else { return close(&actions) }
                keepAlive = requestKeepAlive && !draining && !closingAfterEachAnswer
                phase = .handling
                deadline = .max
                requestBegan = nil
                // Timed from the loop's reading when it woke to read it: the time it waited behind
                // others of the same turn is part of its answer's, and no clock is read here.
                requestStart = clock.recent
                dispatching?.receivedAt = requestStart
                requestMethod = method
                requestPath = dispatching?.path
                requestVersion = version
                actions.append(.dispatch)
                return
            case .failure(let error):
                startUnreadableAnswer()
                let response = error.problem(limits: settings.limits)
                    .response(problemTypePrefix: settings.problemTypePrefix)
                respond(response, isHead: false, into: &actions)
                return
            }
        }
    }

    /// The request the last `.dispatch` asked to run, moved out (once).
    func takeRequest() -> HTTPRequest? {
        dispatching.take()
    }

    // MARK: - Output

    /// The handler's answer to the request dispatched last.
    func handlerFinished(_ response: HTTPResponse, into actions: inout [ConnectionAction]) {
        guard phase == .handling else { return }
        phase = .reading
        answeredAt = clock.recent
        if draining || closingAfterEachAnswer { keepAlive = false }
        respond(response, isHead: requestMethod == .head, into: &actions)
    }

    /// The output still to send, as two buffers for one vectored send.
    func withPendingOutput<Result>(_ send: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Result) -> Result {
        let headSent = min(outputSent, outputHead.count)
        let bodySent = outputSent - headSent
        return outputHead.withUnsafeBytes { head in
            outputBody.withUnsafeBytes { body in
                send(UnsafeRawBufferPointer(rebasing: head[headSent...]), UnsafeRawBufferPointer(rebasing: body[bodySent...]))
            }
        }
    }

    /// How a send went: `sent` bytes taken (0: the socket is full), or nil when the peer is gone.
    func didWrite(_ sent: Int?, into actions: inout [ConnectionAction]) {
        guard phase != .closed, hasPendingOutput else { return }
        guard let sent else { return close(&actions) }
        outputSent += sent
        if hasPendingOutput {
            // Progress restarts the write deadline; a reader that takes nothing is closed when it passes.
            if sent > 0 { armDeadline() }
            return
        }
        // A head's storage is kept for the next one (a few hundred bytes; a large one goes).
        outputHead.removeAll(keepingCapacity: outputHead.capacity <= Self.keptHeadCapacity)
        outputBody = []
        outputSent = 0
        if closeAfterFlush {
            startLingering(&actions)
        } else if phase == .reading {
            armDeadline()
            advance(into: &actions)
        }
    }

    // MARK: - Time and shutdown

    /// Acts on a deadline that has passed: 408 for a request that did not arrive in time, else close.
    func clockTicked(into actions: inout [ConnectionAction]) {
        let now = clock.now
        guard phase != .closed, now >= deadline else { return }
        switch deadlineAction {
        case .closeQuietly:
            close(&actions)
        case .requestTimeout:
            guard phase == .reading, !hasPendingOutput else { return close(&actions) }
            startUnreadableAnswer()
            respond(ProblemDetails.requestTimeout.response(problemTypePrefix: settings.problemTypePrefix),
                    isHead: false, into: &actions)
            setDeadline(now + settings.lingerTime, .closeQuietly)
        }
    }

    /// The server stops: idle connections close now, busy ones after their current answer.
    func beginDrain(into actions: inout [ConnectionAction]) {
        draining = true
        if isIdle || phase == .lingering {
            close(&actions)
        } else if phase == .reading {
            keepAlive = false
        }
    }

    /// The server drains: the connection stays open (an idle one waits for its next request) and
    /// each answer from now on, the one in progress included, is the connection's last.
    func closeAfterEachAnswer() {
        closingAfterEachAnswer = true
    }

    // MARK: - Private

    private func respond(_ response: HTTPResponse, isHead: Bool, into actions: inout [ConnectionAction]) {
        let connectionField: String? = keepAlive ? (requestVersion == .http1_0 ? "keep-alive" : nil) : "close"
        let body = isHead || !response.status.allowsContent ? [] : response.body
        if !keepAlive { closeAfterFlush = true }
        actions.append(.log(AccessRecord(method: requestMethod, path: requestPath, status: response.status.code,
                                         bodyBytes: body.count, durationNanoseconds: clock.now &- requestStart)))
        if hasPendingOutput {
            queueOutput(ResponseHead.bytes(for: response, connection: connectionField, date: clock.httpDate()), body, into: &actions)
        } else {
            // Nothing waits to go out: the head is written into the buffer the last one used.
            ResponseHead.write(response, connection: connectionField, date: clock.httpDate(), into: &outputHead)
            queueOutput(head: body, into: &actions)
        }
    }

    /// Queues `body` after the head already written into `outputHead` (nothing else pending).
    private func queueOutput(head body: [UInt8], into actions: inout [ConnectionAction]) {
        outputBody = body
        outputSent = 0
        armDeadline()
        actions.append(.flush)
    }

    private func queueOutput(_ head: [UInt8], _ body: [UInt8], into actions: inout [ConnectionAction]) {
        if hasPendingOutput {
            // Not reached today (nothing is queued while output waits); kept correct all the same.
            var rest = withPendingOutput { first, second in Array(first) + Array(second) }
            rest += head
            rest += body
            outputHead = rest
            outputBody = []
        } else {
            outputHead = head
            outputBody = body
        }
        outputSent = 0
        armDeadline()
        actions.append(.flush)
    }

    /// A 4xx for a request that could not be read: logged without method or path, then close.
    private func startUnreadableAnswer() {
        requestStart = clock.now
        requestMethod = nil
        requestPath = nil
        keepAlive = false
    }

    /// Sets when the connection is given up on, from what it is doing now: a handler runs (never),
    /// output waits for the client or nothing has arrived (the idle timeout), or a request is
    /// arriving (the head timeout, counted from its first byte and never pushed back by a dribble).
    private func armDeadline() {
        let now = clock.recent
        switch phase {
        case .handling:
            deadline = .max
        case .lingering, .closed:
            return
        case .reading where hasPendingOutput || isIdle:
            setDeadline(now + settings.timeouts.idle, .closeQuietly)
        case .reading:
            if deadlineAction != .requestTimeout || deadline == .max {
                if requestBegan == nil { requestBegan = now }
                setDeadline(arrivalDeadline(), .requestTimeout)
            }
        }
    }

    /// The head timeout from now, but never past the request timeout from the request's first byte.
    private func arrivalDeadline() -> UInt64 {
        let now = clock.recent
        let stretch = now + settings.timeouts.head
        guard let began = requestBegan else { return stretch }
        return min(stretch, began + settings.timeouts.request)
    }

    private func setDeadline(_ time: UInt64, _ action: DeadlineAction) {
        deadline = time
        deadlineAction = action
    }

    /// Half-closes and drains what the client still sends, so our last response is not lost to a reset.
    private func startLingering(_ actions: inout [ConnectionAction]) {
        if peerClosed { return close(&actions) }
        phase = .lingering
        input = []
        inputIndex = 0
        setDeadline(clock.now + settings.lingerTime, .closeQuietly)
        actions.append(.shutdownWrite)
    }

    private func close(_ actions: inout [ConnectionAction]) {
        guard phase != .closed else { return }
        phase = .closed
        dispatching = nil
        input = []
        inputIndex = 0
        outputHead = []
        outputBody = []
        outputSent = 0
        deadline = .max
        actions.append(.close)
    }

    /// Drops consumed input so the buffer holds only what is still to be parsed.
    private func compactInput() {
        if inputIndex == input.count {
            // Keep a small buffer for the next request; let a large one go (idle connections stay cheap).
            if input.capacity > 16 * 1024 { input = [] } else { input.removeAll(keepingCapacity: true) }
            inputIndex = 0
        } else if inputIndex > 4096 && inputIndex > input.count / 2 {
            input.removeSubrange(0..<inputIndex)
            inputIndex = 0
        }
    }
}
