/// Percent-encoding for path segments and query parts, done by hand: URLComponents leaves "+"
/// as is in a query, and servers read it as a space.
package enum QueryEscaping {
    /// RFC 3986 unreserved characters stay; every other UTF-8 byte is percent-encoded, upper-case
    /// hex (so "+" is "%2B"), as Foundation's `addingPercentEncoding` does. Byte by byte: every
    /// upstream call escapes its parameters (GIPHY's `fields` is ~400 characters), and Foundation's
    /// bridging through CFString was 3% of a cache miss's CPU.
    package static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        append(text, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `escape(text)`'s bytes added to `bytes`: a URL is written in one buffer, not a String per part.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
