import ASCII
import Service
import Model

/// A host as the `Host` header and origins carry it: a name or IPv4 address, or an IPv6
/// address in brackets. Kept lowercased, a final dot dropped (`localhost.` is `localhost`).
struct HostName: Sendable, Hashable {
    let text: String

    /// A host alone, no port. An IPv6 address may come without brackets (as `--host` takes it).
    /// Read as ASCII bytes: every request's `Host` passes here, and only ASCII is a valid host.
    init?(_ value: String) {
        // Already in canonical form (a lowercase name or IPv4 address, as nearly every Host is):
        // kept as it is, nothing built.
        if let last = value.utf8.last, last != UInt8(ascii: "."), value.utf8.allSatisfy(Self.belongsInName) {
            text = value
            return
        }
        var host: [UInt8] = []
        host.reserveCapacity(value.utf8.count + 2)
        for byte in value.utf8 { host.append(ASCIIByte.lowercased(byte)) }
        if host.first != UInt8(ascii: "["), host.contains(UInt8(ascii: ":")) {
            host.insert(UInt8(ascii: "["), at: 0)
            host.append(UInt8(ascii: "]"))
        }
        if host.first == UInt8(ascii: "[") {
            guard host.count >= 2, host.last == UInt8(ascii: "]") else { return nil }
            let inside = host[1..<(host.count - 1)]
            guard inside.contains(UInt8(ascii: ":")), inside.allSatisfy(Self.belongsInIPv6) else { return nil }
        } else {
            if host.last == UInt8(ascii: ".") { host.removeLast() }
            guard !host.isEmpty, host.allSatisfy(Self.belongsInName) else { return nil }
        }
        text = String(decoding: host, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Hex digits (already lowercased), colons and dots (an IPv4 tail such as ::ffff:1.2.3.4).
    private static func belongsInIPv6(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// ASCII letters (already lowercased), digits, `-`, `.` and `_`.
    private static func belongsInName(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    /// `host[:port]` split in two; the port is the text after the colon (not checked here).
    /// Searched as UTF-8 bytes (the delimiters are ASCII): every request's `Host` is split.
    static func split(_ value: Substring) -> (host: Substring, port: Substring?) {
        let bytes = value.utf8
        if bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) {
            let afterClose = bytes.index(after: close)
            let rest = value[afterClose...]
            return (value[..<afterClose], rest.utf8.first == UInt8(ascii: ":") ? rest.dropFirst() : (rest.isEmpty ? nil : rest))
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return (value, nil) }
        return (value[..<colon], value[bytes.index(after: colon)...])
    }
}
