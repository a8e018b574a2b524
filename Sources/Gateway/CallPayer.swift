import Model

/// Who an upstream call is charged to, for the share of the hourly budget one client may spend
/// (`GatewaySettings.callsPerPayer`): the install, for a request with a token; else the address
/// it came from. The address is charged too, whoever pays: the installs of one address together
/// may cause at most `GatewaySettings.callsPerAddress`, so making installs does not multiply the
/// share. Only the request that makes the call pays: one coalesced onto another's call, a cache
/// hit or a stale answer costs nothing.
package struct CallPayer: Sendable, CustomStringConvertible {
    /// Nil: the request pays by address.
    private let install: InstallID?
    /// Resolved only when a call is made: every browse request names its payer, and most are
    /// cache hits, which would otherwise each resolve and format the client's address for nothing.
    private let address: @Sendable () -> String

    /// As the call log stores it: "install:<id>" or "address:<address or network>".
    package var key: String { install.map { "install:" + $0.rawValue } ?? addressKey }

    /// The address the request came from, as the call log stores it: "address:<address or
    /// network>" (for a request without a token, its `key` too).
    package var addressKey: String { "address:" + address() }

    /// The install when a token named one (it names it whatever address it comes from), else
    /// the address (`address`: the client as the API resolves it, an IPv6 client by its /64).
    /// The local install, which every request without a token acts for when tokens are
    /// optional, is no one's in particular: those requests pay by address.
    package init(install: InstallID?, address: @escaping @Sendable () -> String) {
        self.install = install == .local ? nil : install
        self.address = address
    }

    package init(install: InstallID?, address: String) {
        self.init(install: install, address: { address })
    }

    package var description: String { key }
}
