import ASCII
import Glibc

/// Decodes a chunked body (RFC 9112 section 7.1) as bytes arrive; trailer fields are read and dropped.
struct ChunkedBodyDecoder {
    enum Result: Equatable {
        case needMore
        case done([UInt8])
        case failure(HTTPParseError)
    }

    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// A chunk-size line with its extensions; longer lines are refused, not buffered.
    static let maxSizeLineBytes = 4096

    private var state = State.size
    private var body: [UInt8] = []
    private var trailerBytes = 0
    /// Bytes of size lines, extensions and chunk ends: bounded against the data they carry, so
    /// a body cannot come as gigabytes of framing (1-byte chunks cost 5 bytes each, allowed).
    private var framingBytes = 0

    private var framingAllowed: Int { 8 * body.count + 64 * 1024 }

    /// Consumes from `input` starting at `index`, moving `index` past what it used.
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, index: inout Int, limits: HTTPLimits) -> Result {
        while true {
            switch state {
            case .size:
                guard let line = nextLine(input, from: index, maxLineBytes: Self.maxSizeLineBytes + 2) else {
                    if input.count - index >= Self.maxSizeLineBytes + 2 { return .failure(.badRequest("A chunk-size line is too long.")) }
                    return .needMore
                }
                guard line.endsWithCRLF else { return .failure(Self.bareLineFeed) }
                let size: Int
                switch parseSize(input[index..<line.contentEnd], limits: limits) {
                case .success(let value): size = value
                case .failure(let error): return .failure(error)
                }
                framingBytes += line.next - index
                index = line.next
                if framingBytes > framingAllowed { return .failure(.badRequest("Too much chunk framing for the data it carries.")) }
                state = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, input.count - index)
                guard available > 0 else { return .needMore }
                body.append(contentsOf: input[index..<(index + available)])
                index += available
                state = available == remaining ? .dataEnd : .data(remaining: remaining - available)
            case .dataEnd:
                guard index < input.count else { return .needMore }
                if input[index] == ByteClass.cr {
                    guard index + 1 < input.count else { return .needMore }
                    guard input[index + 1] == ByteClass.lf else { return .failure(.badRequest("A chunk does not end with CRLF.")) }
                    index += 2
                    framingBytes += 2
                } else if input[index] == ByteClass.lf {
                    return .failure(Self.bareLineFeed)
                } else {
                    return .failure(.badRequest("A chunk is longer than its size says."))
                }
                state = .size
            case .trailers:
                let room = limits.maxHeaderBytes - trailerBytes
                guard let line = nextLine(input, from: index, maxLineBytes: room) else {
                    if input.count - index >= room {
                        return .failure(.headerFieldsTooLarge("The trailer section is larger than \(limits.maxHeaderBytes) bytes."))
                    }
                    return .needMore
                }
                guard line.endsWithCRLF else { return .failure(Self.bareLineFeed) }
                let content = input[index..<line.contentEnd]
                trailerBytes += line.next - index
                index = line.next
                if content.isEmpty {
                    let finished = body
                    self = ChunkedBodyDecoder()
                    return .done(finished)
                }
                guard let colon = content.firstIndex(of: ByteClass.colon), colon > content.startIndex,
                      content[..<colon].allSatisfy(ByteClass.isTokenCharacter),
                      content[colon...].dropFirst().allSatisfy(ByteClass.isFieldValueCharacter) else {
                    return .failure(.badRequest("A trailer field is malformed."))
                }
            }
        }
    }

    /// Chunk framing must end its lines with CRLF: a lenient reader here and a strict one in front
    /// of us would disagree on where the body ends (request smuggling).
    private static let bareLineFeed = HTTPParseError.badRequest("Chunked framing must end its lines with CRLF.")

    /// Where the next line's content ends (before CRLF or LF), where the line after it starts, and
    /// whether its end was CRLF; nil while no line of at most `maxLineBytes` (its end included) is
    /// there. Callers refuse the line once `maxLineBytes` bytes have come without its end, so the
    /// answer is the same whether the bytes come at once or one by one.
    private func nextLine(_ input: UnsafeBufferPointer<UInt8>, from start: Int, maxLineBytes: Int)
        -> (contentEnd: Int, next: Int, endsWithCRLF: Bool)?
    {
        guard let base = input.baseAddress, start < input.count, maxLineBytes > 0 else { return nil }
        let span = min(input.count - start, maxLineBytes)
        guard let found = memchr(base + start, Int32(ByteClass.lf), span) else { return nil }
        let lf = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        let crlf = lf > start && input[lf - 1] == ByteClass.cr
        return (crlf ? lf - 1 : lf, lf + 1, crlf)
    }

    private func parseSize(_ line: Slice<UnsafeBufferPointer<UInt8>>, limits: HTTPLimits) -> Swift.Result<Int, HTTPParseError> {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = ASCIIByte.hexValue(line[index]) {
            // Past the body limit the exact size does not matter, and this never overflows.
            if size > limits.maxBodyBytes { return .failure(.contentTooLarge) }
            size = size * 16 + Int(digit)
            index += 1
        }
        guard index > line.startIndex else { return .failure(.badRequest("A chunk size is not hexadecimal.")) }
        if size > limits.maxBodyBytes - body.count { return .failure(.contentTooLarge) }
        while index < line.endIndex, line[index] == ByteClass.space || line[index] == ByteClass.tab { index += 1 }
        if index < line.endIndex {
            guard line[index] == 0x3B, line[index...].allSatisfy(ByteClass.isFieldValueCharacter) else {
                return .failure(.badRequest("A chunk size is not hexadecimal."))
            }
        }
        return .success(size)
    }
}
