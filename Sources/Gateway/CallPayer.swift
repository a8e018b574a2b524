import Model

/// Who an upstream call is charged to, for the share of the hourly budget one client may spend
/// (`GatewaySettings.callsPerPayer`): the install, for a request with a token; else the address
/// it came from. Only the request that makes the call pays: one coalesced onto another's call, a
/// cache hit or a stale answer costs nothing.
package struct CallPayer: Sendable, CustomStringConvertible {
    /// Made only when a call is made: every browse request names its payer, and most are cache
    /// hits, which would otherwise each resolve and format the client's address for nothing.
    private let makeKey: @Sendable () -> String

    /// As the call log stores it: "install:<id>" or "address:<address or network>".
    package var key: String { makeKey() }

    /// The install when a token named one (it names it whatever address it comes from), else
    /// the address (`address`: the client as the API resolves it, an IPv6 client by its /64).
    /// The local install, which every request without a token acts for when tokens are
    /// optional, is no one's in particular: those requests pay by address.
    package init(install: InstallID?, address: @escaping @Sendable () -> String) {
        if let install, install != .local {
            makeKey = { "install:" + install.rawValue }
        } else {
            makeKey = { "address:" + address() }
        }
    }

    package init(install: InstallID?, address: String) {
        self.init(install: install, address: { address })
    }

    package var description: String { key }
}
