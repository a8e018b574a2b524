/// Turns the bytes of one connection into requests, one at a time, in order.
/// It holds only the state of the request being read; the caller owns the buffer.
struct RequestDecoder {
    enum Event {
        case needMore
        /// The head asked for `100 Continue` and the body has not all arrived yet.
        case sendContinue
        case request(HTTPRequest, keepAlive: Bool)
        case failure(HTTPParseError)
    }

    private enum Phase {
        case head(HeadScanner)
        case body(RequestHead, ChunkedBodyDecoder?, continueSent: Bool)
    }

    let limits: HTTPLimits
    private var phase = Phase.head(HeadScanner())

    init(limits: HTTPLimits) { self.limits = limits }

    /// True while nothing of the next request has been consumed.
    var isBetweenRequests: Bool {
        if case .head = phase { return true }
        return false
    }

    /// What `decode` found; a request is left in its `request` argument.
    enum Step {
        case needMore
        case sendContinue
        case request(keepAlive: Bool)
        case failure(HTTPParseError)
    }

    /// Decodes from `input[index...]`, moving `index` past what it consumed.
    mutating func next(_ input: UnsafeBufferPointer<UInt8>, index: inout Int) -> Event {
        var request: HTTPRequest?
        switch decode(input, index: &index, into: &request) {
        case .needMore: return .needMore
        case .sendContinue: return .sendContinue
        case .failure(let error): return .failure(error)
        case .request(let keepAlive):
            guard let request else { return .failure(.badRequest("no request was decoded")) }
            return .request(request, keepAlive: keepAlive)
        }
    }

    /// As `next`, with a decoded request written into `request` (a connection's slot for it): a
    /// request carried in the result was copied, every field retained, as it was taken out.
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, index: inout Int, into request: inout HTTPRequest?) -> Step {
        switch phase {
        case .head(var scanner):
            // RFC 9112 section 2.2: empty lines before a request line are ignored.
            if scanner.isFresh {
                while index < input.count, input[index] == ByteClass.lf
                    || (input[index] == ByteClass.cr && index + 1 < input.count && input[index + 1] == ByteClass.lf)
                {
                    index += input[index] == ByteClass.cr ? 2 : 1
                }
                // A lone CR may be the start of one more empty line: wait for the byte after it.
                if index == input.count - 1 && input[index] == ByteClass.cr { return .needMore }
            }
            let head = UnsafeBufferPointer(rebasing: input[index...])
            switch scanner.scan(head, limits: limits) {
            case .needMore:
                phase = .head(scanner)
                return .needMore
            case .failure(let error):
                return .failure(error)
            case .complete(let length, let requestLineEnd):
                let headBytes = UnsafeBufferPointer(rebasing: head[0..<length])
                switch RequestHeadParser.parse(headBytes, requestLineEnd: requestLineEnd, limits: limits) {
                case .failure(let error):
                    return .failure(error)
                case .success(let parsed):
                    index += length
                    // No body (nearly every GET): the request at once, its head's parts moved into it.
                    if parsed.framing == .none {
                        phase = .head(HeadScanner())
                        let keepAlive = parsed.keepAlive
                        request = parsed.request(body: [])
                        return .request(keepAlive: keepAlive)
                    }
                    let chunked = parsed.framing == .chunked ? ChunkedBodyDecoder() : nil
                    phase = .body(parsed, chunked, continueSent: false)
                    return decode(input, index: &index, into: &request)
                }
            }
        case .body(let head, var chunked, let continueSent):
            // Drop the stored copy so the body buffer is uniquely referenced and appends stay in place.
            phase = .head(HeadScanner())
            let result: ChunkedBodyDecoder.Result
            switch head.framing {
            case .none:
                result = .done([])
            case .length(let length):
                if input.count - index >= length {
                    result = .done(Array(input[index..<(index + length)]))
                    index += length
                } else {
                    result = .needMore
                }
            case .chunked:
                var decoder = chunked ?? ChunkedBodyDecoder()
                result = decoder.decode(input, index: &index, limits: limits)
                chunked = decoder
            }
            switch result {
            case .needMore:
                phase = .body(head, chunked, continueSent: true)
                return head.expectsContinue && !continueSent ? .sendContinue : .needMore
            case .failure(let error):
                return .failure(error)
            case .done(let body):
                phase = .head(HeadScanner())
                request = head.request(body: body)
                return .request(keepAlive: head.keepAlive)
            }
        }
    }
}
