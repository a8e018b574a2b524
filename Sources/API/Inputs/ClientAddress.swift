import HTTPServer
import Service
import Model

/// The proxies whose `X-Forwarded-For` is believed (`GIF_BFF_TRUSTED_PROXIES`): addresses or
/// CIDR ranges. None by default: a client could write any address in that header.
package struct TrustedProxies: Sendable, Equatable {
    package let ranges: [IPRange]

    package static let none = TrustedProxies(ranges: [])
    /// The proxies as the setting is written: `none`, or the addresses and ranges in order.
    package var text: String { ranges.isEmpty ? "none" : ranges.map(\.description).joined(separator: ",") }

    /// Parses a comma list of addresses and ranges ("10.0.0.0/8, ::1"), or "none".
    package init(parsing list: String) throws(SettingValueError) {
        let items = list.split(separator: ",").map { $0.trimmingOptionalWhitespace() }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw SettingValueError(expected: Self.expected) }
        if items.count == 1, items[0].lowercased() == "none" {
            self = .none
            return
        }
        var ranges: [IPRange] = []
        for item in items {
            guard let range = IPRange(item) else { throw SettingValueError(expected: Self.expected) }
            ranges.append(range)
        }
        self.init(ranges: ranges)
    }

    init(ranges: [IPRange]) {
        self.ranges = ranges
    }

    static let expected = "none, or a comma list of IP addresses and CIDR ranges such as 127.0.0.1,10.0.0.0/8,fd00::/8"

    func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }
}

/// Where a request comes from, for what is limited per client (making installs).
enum ClientAddress {
    /// The connection's peer; when that is a trusted proxy, the address it forwarded: walking
    /// `X-Forwarded-For` from the right (the entries our proxies appended), the first not itself
    /// a trusted proxy. An entry that is no address ends the walk at the proxy that passed it on.
    /// Nil when the request has no peer (made in memory).
    static func of(_ request: HTTPRequest, trusting proxies: TrustedProxies) -> IPAddress? {
        guard let peer = request.remoteAddress.flatMap(IPAddress.init) else { return nil }
        guard proxies.trusts(peer) else { return peer }
        var client = peer
        let forwarded = request.headers.values(of: "X-Forwarded-For").flatMap { $0.split(separator: ",") }
        for entry in forwarded.reversed() {
            guard let address = IPAddress(entry) else { break }
            client = address
            if !proxies.trusts(address) { break }
        }
        return client
    }

    /// The keys installs are counted under: the address (an IPv4 address, or an IPv6 address's
    /// /64: one subscriber's network, a client holds many addresses in it), its wider network
    /// (an IPv4 /24, an IPv6 /48: one site's, or one provider's block of customers) and the block
    /// that is in (an IPv4 /16, an IPv6 /32: what one provider or one holder of many networks
    /// has, such as a tunnel broker's /48s). An IPv4-mapped IPv6 address counts as its IPv4 one.
    /// "unknown" for all without a peer.
    static func installClient(of request: HTTPRequest, trusting proxies: TrustedProxies) -> InstallClient {
        guard let address = of(request, trusting: proxies) else {
            return InstallClient(address: "unknown", network: "unknown", block: "unknown")
        }
        let (addressBits, networkBits, blockBits) = address.isIPv4 ? (32, 24, 16) : (64, 48, 32)
        return InstallClient(address: prefix(address, addressBits), network: prefix(address, networkBits),
                             block: prefix(address, blockBits))
    }

    private static func prefix(_ address: IPAddress, _ bits: Int) -> String {
        bits == address.bytes.count * 8 ? address.description : "\(address.masked(to: bits))/\(bits)"
    }
}
