import ASCII
import Glibc

/// Writes a response's status line and header section into bytes, adding the fields the server owns.
enum ResponseHead {
    /// `connection` is the Connection field to send, if any ("close", or "keep-alive" for HTTP/1.0).
    static func bytes(for response: HTTPResponse, connection: String?, date: String) -> [UInt8] {
        var out: [UInt8] = []
        write(response, connection: connection, date: date, into: &out)
        return out
    }

    /// Replaces `out` with the head, in the storage it has when that is large enough: a connection
    /// writes every response's head into the same buffer. Written as bytes into stack storage sized
    /// for them first, with no string made: every response passes here.
    static func write(_ response: HTTPResponse, connection: String?, date: String, into out: inout [UInt8]) {
        // The fixed text (status line, Date, Content-Length, Connection, the blank line) is under
        // 64 bytes beside the two numbers; each field adds ": " and CRLF to its name and value.
        // Prepared fields were checked when prepared, and are copied as the bytes they became.
        response.headers.withPreparedBytes { prepared in
            let fields = response.headers.unpreparedFields
            var capacity = 64 + 2 * PresizedBytes.maxDecimalBytes + response.status.reasonPhrase.utf8.count
                + date.utf8.count + (connection?.utf8.count ?? 0) + prepared.count
            for field in fields { capacity += 4 + field.name.utf8.count + field.value.utf8.count }
            out.removeAll(keepingCapacity: true)
            out.reserveCapacity(capacity)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { storage in
                var head = PresizedBytes(storage)
                head.append("HTTP/1.1 ")
                head.append(decimal: response.status.code)
                head.append(0x20)
                head.append(response.status.reasonPhrase)
                head.append("\r\nDate: ")
                head.append(date)
                // RFC 9110 8.6: none on 1xx and 204, and a 304 must not claim a length of 0.
                if response.status.allowsContent {
                    head.append("\r\nContent-Length: ")
                    head.append(decimal: response.body.count)
                }
                if let connection {
                    head.append("\r\nConnection: ")
                    head.append(connection)
                }
                head.append(contentsOf: prepared)
                for field in fields where HeaderFieldRule.isWritable(field) {
                    head.append("\r\n")
                    head.append(field.name)
                    head.append(": ")
                    head.append(field.value)
                }
                head.append("\r\n\r\n")
                out.append(contentsOf: UnsafeBufferPointer(rebasing: storage[0..<head.count]))
            }
        }
    }

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
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
