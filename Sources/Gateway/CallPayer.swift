import Model

/// Who an upstream call is charged to, for the share of the hourly budget one client may spend
/// (`GatewaySettings.callsPerPayer`): the install, for a request with a token; else the address
/// it came from. Only the request that makes the call pays: one coalesced onto another's call, a
/// cache hit or a stale answer costs nothing.
package struct CallPayer: Hashable, Sendable, CustomStringConvertible {
    /// As the call log stores it: "install:<id>" or "address:<address or network>".
    package let key: String

    /// The install when a token named one (it names it whatever address it comes from), else
    /// the address (`address`: the client as the API resolves it, an IPv6 client by its /64).
    /// The local install, which every request without a token acts for when tokens are
    /// optional, is no one's in particular: those requests pay by address.
    package init(install: InstallID?, address: String) {
        if let install, install != .local {
            key = "install:" + install.rawValue
        } else {
            key = "address:" + address
        }
    }

    package var description: String { key }
}
