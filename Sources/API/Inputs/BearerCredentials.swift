import ASCII

/// An `Authorization` header's value read as `Bearer <credentials>`, byte by byte and in place (on
/// every request with a token; splitting its text made an array and strings each time). It reads
/// exactly as `split(separator: " ", maxSplits: 1)` and trimming did: spaces before the scheme
/// skipped, the scheme up to the next space, the credentials everything after that one space,
/// trimmed of spaces and tabs.
enum BearerCredentials {
    enum Reading: Equatable {
        /// Longer than `InstallAccess.maxHeaderBytes`: its length, the rest not looked at.
        case tooLong(Int)
        case notASCII
        /// Another scheme, none, or nothing after it.
        case notBearer
        /// Where the credentials are, as byte offsets into the value.
        case credentials(Range<Int>)
    }

    private static let scheme = Array("bearer".utf8)
    private static let space = UInt8(ascii: " ")

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        guard bytes.count <= InstallAccess.maxHeaderBytes else { return .tooLong(bytes.count) }
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return .notASCII }
        var schemeStart = 0
        while schemeStart < bytes.count, bytes[schemeStart] == space { schemeStart += 1 }
        var schemeEnd = schemeStart
        while schemeEnd < bytes.count, bytes[schemeEnd] != space { schemeEnd += 1 }
        // No space after the scheme, or nothing after that space: one part, not a scheme and credentials.
        guard bytes.count - schemeEnd >= 2, isBearer(bytes[schemeStart..<schemeEnd]) else { return .notBearer }
        var start = schemeEnd + 1
        var end = bytes.count
        while start < end, isOptionalWhitespace(bytes[start]) { start += 1 }
        while end > start, isOptionalWhitespace(bytes[end - 1]) { end -= 1 }
        return .credentials(start..<end)
    }

    /// "Bearer" in any case (RFC 9110 11.1: the scheme is case-insensitive).
    private static func isBearer(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        name.count == scheme.count && zip(name, scheme).allSatisfy { ASCIIByte.lowercased($0) == $1 }
    }

    private static func isOptionalWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == UInt8(ascii: "\t")
    }
}
