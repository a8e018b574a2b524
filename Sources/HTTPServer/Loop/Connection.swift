/// One client connection's state. Owned by a single loop thread; never shared.
final class Connection {
    enum State {
        /// Reading (or waiting for) the next request.
        case reading
        /// A handler is working on a request; later pipelined bytes wait in `input`.
        case handling
        /// Response sent, write side shut; reading and dropping what the client still sends, then closing.
        case lingering
    }

    /// What happens when `deadline` passes.
    enum DeadlineAction {
        case requestTimeout
        case closeQuietly
    }

    let fd: Int32
    let token: UInt64
    var state = State.reading
    var decoder: RequestDecoder

    var input: [UInt8] = []
    var inputIndex = 0
    var outbound: [UInt8] = []
    var outboundIndex = 0

    /// Edge-triggered epoll: the socket may still hold bytes we have not read.
    var mayHaveInput = true
    var peerClosed = false
    /// A read failed (reset by the peer): nothing more can be sent either.
    var readFailed = false
    /// Closed: its fd number may already belong to another connection, so nothing may touch it.
    var isClosed = false
    var keepAlive = true
    var closeAfterFlush = false

    var deadline: UInt64
    var deadlineAction = DeadlineAction.requestTimeout

    /// For the access log line of the request in flight.
    var requestStart: UInt64 = 0
    var requestMethod = HTTPMethod.get
    var requestPath = ""
    var requestVersion = HTTPVersion.http1_1

    init(fd: Int32, token: UInt64, limits: HTTPLimits, deadline: UInt64) {
        self.fd = fd
        self.token = token
        self.decoder = RequestDecoder(limits: limits)
        self.deadline = deadline
    }

    var unreadInput: Int { input.count - inputIndex }
    var hasPendingOutput: Bool { outboundIndex < outbound.count }

    /// Nothing of a request has arrived since the last response: closing now loses nothing.
    var isIdle: Bool { state == .reading && unreadInput == 0 && decoder.isBetweenRequests && !hasPendingOutput }

    /// Drops consumed input so the buffer holds only what is still to be parsed.
    func compactInput() {
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
