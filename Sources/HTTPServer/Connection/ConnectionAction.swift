/// What a connection's state machine asks the loop to do, in the order asked.
enum ConnectionAction {
    /// Run the handler for the request the machine holds (`takeRequest`), then report with
    /// `handlerFinished`. The request stays in the machine until then: carried in the action, it
    /// was copied (every field retained) as the action was taken apart.
    case dispatch
    /// Send the machine's pending output now (`withPendingOutput`), then report with `didWrite`.
    case flush
    /// Shut the write side: the last response is out, and the machine lingers to drain input.
    case shutdownWrite
    /// Close the socket: the machine has finished.
    case close
    /// One access-log line, for a response just queued.
    case log(AccessRecord)
}

/// One answered request, as the access log shows it.
struct AccessRecord {
    /// nil when the request could not be read (a parse error or a timeout).
    var method: HTTPMethod?
    var path: String?
    var status: Int
    var bodyBytes: Int
    var durationNanoseconds: UInt64
}

/// The knobs a connection's state machine works with; shared by every connection of a server.
struct ConnectionSettings {
    let limits: HTTPLimits
    var problemTypePrefix: String
    /// The limits' timeouts in nanoseconds, converted once: a `Duration`'s conversion is 128-bit
    /// arithmetic, and deadlines are set twice a request.
    let timeouts: Timeouts
    /// Unparsed input held while a request is in flight or output waits (pipelining); more stays in the kernel.
    var pipelineBufferLimit = 64 * 1024
    /// How much the loop reads at once; the head and body bounds allow one such read of slack.
    var readChunk = 64 * 1024
    /// How long a closing connection drains what the client still sends.
    var lingerTime: UInt64 = 2_000_000_000
    /// The most a closing connection drains before it waits for the linger time to end.
    var lingerBytes = 1024 * 1024

    init(limits: HTTPLimits, problemTypePrefix: String) {
        self.limits = limits
        self.problemTypePrefix = problemTypePrefix
        timeouts = Timeouts(limits)
    }

    struct Timeouts {
        let head: UInt64
        let idle: UInt64
        let request: UInt64

        init(_ limits: HTTPLimits) {
            head = limits.headTimeout.nanoseconds
            idle = limits.idleTimeout.nanoseconds
            request = limits.requestTimeout.nanoseconds
        }
    }

    /// The most input worth holding before a head is parsed: the head's limits decide by then.
    var maxBufferedHead: Int { limits.maxRequestLineBytes + limits.maxHeaderBytes + readChunk }

    /// The most unparsed input one request can need: its head, its body and some chunk framing.
    var maxBufferedInput: Int {
        limits.maxRequestLineBytes + limits.maxHeaderBytes + limits.maxBodyBytes + readChunk
    }
}
