import ASCII
import Glibc

/// Writes a response's status line and header section into bytes, adding the fields the server owns.
enum ResponseHead {
    /// `connection` is the Connection field to send, if any ("close", or "keep-alive" for HTTP/1.0).
    /// Written as bytes into storage sized for them first, with no string made and one
    /// allocation: every response passes here.
    static func bytes(for response: HTTPResponse, connection: String?, date: String) -> [UInt8] {
        // The fixed text (status line, Date, Content-Length, Connection, the blank line) is under
        // 64 bytes beside the two numbers; each field adds ": " and CRLF to its name and value.
        var capacity = 64 + 2 * PresizedBytes.maxDecimalBytes + response.status.reasonPhrase.utf8.count
            + date.utf8.count + (connection?.utf8.count ?? 0)
        for field in response.headers { capacity += 4 + field.name.utf8.count + field.value.utf8.count }
        return [UInt8](unsafeUninitializedCapacity: capacity) { storage, written in
            var out = PresizedBytes(storage)
            out.append("HTTP/1.1 ")
            out.append(decimal: response.status.code)
            out.append(0x20)
            out.append(response.status.reasonPhrase)
            out.append("\r\nDate: ")
            out.append(date)
            // RFC 9110 8.6: none on 1xx and 204, and a 304 must not claim a length of 0.
            if response.status.allowsContent {
                out.append("\r\nContent-Length: ")
                out.append(decimal: response.body.count)
            }
            if let connection {
                out.append("\r\nConnection: ")
                out.append(connection)
            }
            for field in response.headers where isValid(field) {
                out.append("\r\n")
                out.append(field.name)
                out.append(": ")
                out.append(field.value)
            }
            out.append("\r\n\r\n")
            written = out.count
        }
    }

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// A header a handler set is written only if it cannot break the message (no CR, LF or NUL).
    /// Plain loops over contiguous bytes: every header of every response passes here.
    private static func isValid(_ field: HTTPHeaders.Field) -> Bool {
        var name = field.name
        var value = field.value
        let validName = name.withUTF8 { bytes in
            !bytes.isEmpty && bytes.allSatisfy(ByteClass.isTokenCharacter)
        }
        guard validName, value.withUTF8({ bytes in
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

/// The Date header's value (IMF-fixdate), recomputed at most once a second per loop.
struct HTTPDateCache {
    private var second: time_t = 0
    private(set) var value = ""

    mutating func current() -> String {
        let now = time(nil)
        if now != second {
            second = now
            value = Self.format(now)
        }
        return value
    }

    static func format(_ seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
