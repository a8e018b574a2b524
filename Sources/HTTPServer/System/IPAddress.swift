import Glibc

/// A numeric IPv4 or IPv6 address (16 or 4 bytes; an IPv4-mapped IPv6 address is its IPv4 one),
/// as found in a proxy's X-Forwarded-For or a setting. Names are never resolved.
package struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, network order.
    package let bytes: [UInt8]

    /// "192.0.2.1", "2001:db8::1", "[2001:db8::1]", and either with a port ("192.0.2.1:443",
    /// "[2001:db8::1]:443"); surrounding spaces and tabs are ignored. Nil for anything else.
    package init?(_ text: some StringProtocol) {
        var text = Substring(text).trimmingOptionalWhitespace()
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest.dropFirst()) && rest.first == ":" else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
            guard let bytes = Self.parse(text, family: AF_INET6, count: 16) else { return nil }
            self.init(normalizing: bytes)
            return
        }
        if let bytes = Self.parse(text, family: AF_INET, count: 4) {
            self.init(exactly: bytes)
            return
        }
        if let bytes = Self.parse(text, family: AF_INET6, count: 16) {
            self.init(normalizing: bytes)
            return
        }
        // IPv4 with a port: one colon.
        guard let colon = text.firstIndex(of: ":"), text[text.index(after: colon)...].firstIndex(of: ":") == nil,
              Self.isPort(text[text.index(after: colon)...]),
              let bytes = Self.parse(text[..<colon], family: AF_INET, count: 4) else { return nil }
        self.init(exactly: bytes)
    }

    private init(normalizing v6: [UInt8]) {
        let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        bytes = Array(v6.prefix(12)) == mappedPrefix ? Array(v6.suffix(4)) : v6
    }

    package var isIPv4: Bool { bytes.count == 4 }

    /// Dotted IPv4, or IPv6 in its shortest form (RFC 5952), without brackets.
    package var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            text.withUnsafeMutableBufferPointer { out in inet_ntop(family, raw.baseAddress, out.baseAddress, socklen_t(out.count)) }
        }
        guard written != nil else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first `bits` bits, the rest zero (an IPv6 address's /64: one subscriber's network).
    package func masked(to bits: Int) -> IPAddress {
        var masked = bytes
        for index in masked.indices {
            let kept = max(0, min(8, bits - index * 8))
            masked[index] &= kept == 8 ? 0xFF : ~(0xFF >> UInt8(kept))
        }
        return IPAddress(exactly: masked)
    }

    private init(exactly bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func parse(_ text: Substring, family: Int32, count: Int) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 }) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let parsed = bytes.withUnsafeMutableBytes { out in inet_pton(family, String(text), out.baseAddress) }
        return parsed == 1 ? bytes : nil
    }

    private static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

/// An address and the length of its network prefix (CIDR: "10.0.0.0/8", "2001:db8::/32"); an
/// address alone is its one address.
package struct IPRange: Hashable, Sendable, CustomStringConvertible {
    package let network: IPAddress
    package let prefixLength: Int

    package init?(_ text: some StringProtocol) {
        let parts = Substring(text).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            let digits = parts[1].trimmingOptionalWhitespace()
            guard (1...3).contains(digits.utf8.count), digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let given = Int(digits), given <= bits else { return nil }
            length = given
        }
        network = address.masked(to: length)
        prefixLength = length
    }

    package func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == network.bytes.count && address.masked(to: prefixLength) == network
    }

    /// A range of one address is written as the address, as it is given.
    package var description: String { prefixLength == network.bytes.count * 8 ? network.description : "\(network)/\(prefixLength)" }
}
