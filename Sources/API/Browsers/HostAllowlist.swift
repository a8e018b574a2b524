import Foundation
/// The `Host` names the API answers (`GIF_BFF_ALLOWED_HOSTS`), against DNS rebinding: a hostile
/// page whose own name resolves to 127.0.0.1 still sends that name in `Host`, and is refused.
/// Names are compared without the port; `*` accepts any Host.
package struct HostAllowlist: Sendable, Equatable {
    let allowsAny: Bool
    let names: Set<String>
    /// The first few `Host` values allowed, as sent, port and all (`AllowedHostValues`).
    private let allowedValues = AllowedHostValues()

    /// localhost, 127.0.0.1 and [::1], any port.
    package static let loopback = HostAllowlist(allowsAny: false, names: ["localhost", "127.0.0.1", "[::1]"])

    /// The list as the setting is written: `*`, or the names sorted.
    package var text: String { allowsAny ? "*" : names.sorted().joined(separator: ",") }

    /// Parses a comma list of host names or addresses, without ports; throws what was expected.
    package init(parsing list: String) throws(SettingValueError) {
        let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw SettingValueError(expected: Self.expected) }
        if items == ["*"] {
            self.init(allowsAny: true, names: [])
            return
        }
        var names: Set<String> = []
        for item in items {
            guard let host = HostName(item) else { throw SettingValueError(expected: Self.expected) }
            names.insert(host.text)
        }
        self.init(allowsAny: false, names: names)
    }

    private init(allowsAny: Bool, names: Set<String>) {
        self.allowsAny = allowsAny
        self.names = names
    }

    static let expected = "a comma list of host names or addresses without ports, such as 192.168.1.20,gifs.local, or *"

    /// The list with the address the server listens on; the wildcard addresses are no name anyone sends.
    package func adding(boundAddress: String) -> HostAllowlist {
        guard !allowsAny, let host = HostName(boundAddress), !["0.0.0.0", "[::]"].contains(host.text) else { return self }
        return HostAllowlist(allowsAny: false, names: names.union([host.text]))
    }

    /// Whether a request's `Host` value names an allowed host (any port).
    package func allows(hostHeader value: String) -> Bool {
        if allowsAny || allowedValues.contains(value) { return true }
        guard let host = HostName(String(HostName.split(value[...]).host)), names.contains(host.text) else { return false }
        allowedValues.keep(value)
        return true
    }

    package static func == (left: HostAllowlist, right: HostAllowlist) -> Bool {
        left.allowsAny == right.allowsAny && left.names == right.names
    }
}
