import ASCII

/// Which response header fields a handler set may be written: only one that cannot break the
/// message (a token for its name, no CR, LF or NUL in its value), and none the server writes
/// itself. Plain loops over contiguous bytes: every header of every response passes here.
enum HeaderFieldRule {
    static func isWritable(_ field: HTTPHeaders.Field) -> Bool {
        let name = field.name
        let validName = name.withUTF8Bytes { bytes in
            !bytes.isEmpty && bytes.allSatisfy(ByteClass.isTokenCharacter)
        }
        guard validName, field.value.withUTF8Bytes({ bytes in
            bytes.allSatisfy { $0 < 0x20 ? $0 == ByteClass.tab : $0 != 0x7F }
        }) else { return false }
        return !isServerOwned(name)
    }

    /// Whether the server writes this field itself (content-length, connection, date,
    /// transfer-encoding): told by length first, so most names compare nothing.
    private static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: HTTPHeaders.equalNames(name, "date")
        case 10: HTTPHeaders.equalNames(name, "connection")
        case 14: HTTPHeaders.equalNames(name, "content-length")
        case 17: HTTPHeaders.equalNames(name, "transfer-encoding")
        default: false
        }
    }
}
