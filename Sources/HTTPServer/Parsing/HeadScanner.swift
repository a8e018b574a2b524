import Glibc

/// Finds the end of a request head as bytes arrive, enforcing the size limits early.
/// It remembers how far it has looked, so a head dribbled in byte by byte costs linear time.
struct HeadScanner: Equatable {
    enum Result: Equatable {
        case needMore
        /// The head is the first `length` bytes; `requestLineEnd` is where the header fields start.
        case complete(length: Int, requestLineEnd: Int)
        case failure(HTTPParseError)
    }

    private var scanned = 0
    private var lineStart = 0
    private var requestLineEnd: Int?
    private var fieldLines = 0

    /// Nothing of a head has been looked at yet.
    var isFresh: Bool { self == HeadScanner() }

    /// Scans `head`, which starts at the first byte of the request line.
    mutating func scan(_ head: UnsafeBufferPointer<UInt8>, limits: HTTPLimits) -> Result {
        guard let base = head.baseAddress else { return .needMore }
        while scanned < head.count {
            guard let found = memchr(base + scanned, Int32(ByteClass.lf), head.count - scanned) else {
                scanned = head.count
                break
            }
            let lf = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let lineEnd = lf > lineStart && head[lf - 1] == ByteClass.cr ? lf - 1 : lf
            if let fieldsStart = requestLineEnd {
                if lineEnd == lineStart {
                    if lf + 1 - fieldsStart > limits.maxHeaderBytes { return tooLarge(limits) }
                    scanned = lf + 1
                    return .complete(length: lf + 1, requestLineEnd: fieldsStart)
                }
                fieldLines += 1
                if fieldLines > limits.maxHeaderCount {
                    return .failure(.headerFieldsTooLarge("More than \(limits.maxHeaderCount) header fields."))
                }
                if lf + 1 - fieldsStart > limits.maxHeaderBytes { return tooLarge(limits) }
            } else {
                if lineEnd - lineStart > limits.maxRequestLineBytes { return .failure(.uriTooLong) }
                requestLineEnd = lf + 1
            }
            lineStart = lf + 1
            scanned = lf + 1
        }
        // The line still open can already be known to break a limit.
        if let fieldsStart = requestLineEnd {
            if head.count - fieldsStart > limits.maxHeaderBytes { return tooLarge(limits) }
        } else if head.count - lineStart > limits.maxRequestLineBytes + 1 {
            return .failure(.uriTooLong)
        }
        return .needMore
    }

    private func tooLarge(_ limits: HTTPLimits) -> Result {
        .failure(.headerFieldsTooLarge("The header section is larger than \(limits.maxHeaderBytes) bytes."))
    }
}
