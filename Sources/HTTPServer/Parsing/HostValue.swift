import ASCII
/// The Host field's grammar (RFC 9110 section 7.2, RFC 3986 section 3.2.2):
/// `uri-host [ ":" port ]`, where the host is an IP-literal in brackets, an IPv4 address or a
/// reg-name. RFC 9112 section 3.2: any other value is answered 400.
enum HostValue {
    static func isValid(_ value: String) -> Bool {
        value.withUTF8Bytes { isValid(bytes: $0) }
    }

    /// Every request's Host passes here: read in place.
    private static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var hostEnd = bytes.count
        if bytes.first == 0x5B {
            guard let close = bytes.firstIndex(of: 0x5D), isIPLiteral(bytes[1..<close]) else { return false }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: ByteClass.colon) ?? bytes.count
            // An IPv4 address is a reg-name as far as characters go; its own grammar adds nothing we act on.
            guard isRegName(bytes[0..<hostEnd]) else { return false }
        }
        guard hostEnd < bytes.count else { return true }
        guard bytes[hostEnd] == ByteClass.colon else { return false }
        return bytes[(hostEnd + 1)...].allSatisfy(ByteClass.isDigit)
    }

    /// reg-name = *( unreserved / pct-encoded / sub-delims ); empty is allowed (RFC 9112 section 3.2).
    private static func isRegName(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x25 {
                guard index + 2 < bytes.endIndex, ASCIIByte.hexValue(bytes[index + 1]) != nil,
                      ASCIIByte.hexValue(bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard isUnreserved(bytes[index]) || isSubDelimiter(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// The inside of `[...]`: an IPv6 address (hex digits, colons, dots for an embedded IPv4),
    /// or IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
    private static func isIPLiteral(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = bytes.first else { return false }
        if first == 0x76 || first == 0x56 {
            let rest = bytes.dropFirst()
            guard let dot = rest.firstIndex(of: 0x2E), dot > rest.startIndex,
                  rest[rest.startIndex..<dot].allSatisfy({ ASCIIByte.hexValue($0) != nil }) else { return false }
            let tail = rest[(dot + 1)...]
            return !tail.isEmpty && tail.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == ByteClass.colon }
        }
        return bytes.contains(ByteClass.colon)
            && bytes.allSatisfy { ASCIIByte.hexValue($0) != nil || $0 == ByteClass.colon || $0 == 0x2E }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        ByteClass.isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// ! $ & ' ( ) * + , ; =
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x21 || byte == 0x24 || (0x26...0x2C).contains(byte) || byte == 0x3B || byte == 0x3D
    }
}
