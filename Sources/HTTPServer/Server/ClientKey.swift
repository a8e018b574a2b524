import CSystemShims

/// Who a connection counts as for the limits per client: an IPv4 address, or an IPv6 address's
/// /64 (one subscriber's network: its holder has every address in it, so counting addresses
/// would let one client hold as many connections as it likes). Cheap to hash, made at accept from
/// the socket's own address, never from anything the client sends.
struct ClientKey: Hashable, Sendable, CustomStringConvertible {
    let bits: UInt64
    /// 4, 6, or 0 when the socket had no IP address.
    let family: UInt8

    init(_ key: shim_client_key) {
        bits = key.bits
        family = key.family
    }

    init(bits: UInt64, family: UInt8) {
        self.bits = bits
        self.family = family
    }

    var description: String {
        switch family {
        case 4: return (0..<4).map { String((bits >> (24 - 8 * UInt64($0))) & 0xFF) }.joined(separator: ".")
        case 6: return (0..<4).map { String((bits >> (48 - 16 * UInt64($0))) & 0xFFFF, radix: 16) }.joined(separator: ":") + "::/64"
        default: return "unknown"
        }
    }
}
