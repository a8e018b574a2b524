import Model
/// How the gateway spends upstream calls.
package struct GatewaySettings: Sendable, Equatable {
    /// Off: every request asks the upstream (GIPHY's terms restrict caching to approved integrations).
    package var cacheEnabled = true
    /// An answer younger than this is served without asking the upstream.
    package var freshSeconds: Double = 60
    /// An answer up to this old is served, marked stale, when the upstream fails.
    package var staleSeconds: Double = 86_400
    /// How long a request with a stale answer at hand waits for the upstream before it is given
    /// the stale one (the call goes on and refreshes the cache): a slow upstream must not hold
    /// every answer past its freshness for the length of its calls.
    package var slowUpstreamWait: Duration = .seconds(1)
    /// Stored answers at most; the least recently used go first.
    package var maxEntries = 1_000
    /// Decoded answers kept in memory in front of the store.
    package var memoryEntries = 256
    /// Which upstream the answers come from (provider, base URL and a fingerprint of the key, never
    /// the key): it starts every cache and spotlight key, so a server started against another
    /// upstream on the same database never serves the first one's answers, fresh or stale.
    package var upstreamIdentity = ""
    /// How long the upstream's "not found" for an id (or for a random pick's tag) is remembered,
    /// in seconds: asked again meanwhile, it is not found without a call. 0: not remembered.
    package var notFoundSeconds: Double = 60
    /// Upstream calls allowed per rolling hour; nil for no budget.
    package var callsPerHour: Int?
    /// The percent of `callsPerHour` one client (`CallPayer`) may cause in a rolling hour; 0: no
    /// share, any client may spend the whole budget.
    package var sharePercent = 10
    /// How many clients' shares the clients of one address (its installs, and its requests
    /// without a token) may cause together: more than one, since carrier NAT and offices put
    /// many honest people behind one address; bounded, so that making install after install
    /// cannot spend the budget share by share.
    package var sharesPerAddress = 3

    /// Upstream calls one client may cause per rolling hour: `sharePercent` of the budget, at
    /// least 1; nil without a budget or a share.
    package var callsPerPayer: Int? {
        let percent = min(100, max(0, sharePercent))
        guard let callsPerHour, callsPerHour > 0, percent > 0 else { return nil }
        // Divided first where the product could overflow (the setting allows far less).
        let (product, overflow) = callsPerHour.multipliedReportingOverflow(by: percent)
        return max(1, overflow ? callsPerHour / 100 * percent : product / 100)
    }

    /// Upstream calls the clients of one address may cause together per rolling hour:
    /// `sharesPerAddress` shares, at most the budget; nil without a share.
    package var callsPerAddress: Int? {
        guard let callsPerPayer, let callsPerHour else { return nil }
        let (product, overflow) = callsPerPayer.multipliedReportingOverflow(by: max(1, sharesPerAddress))
        return overflow ? callsPerHour : min(callsPerHour, product)
    }

    package init() {}

    /// `requestKey` as this upstream's: the cache and the spotlight key their entries by it.
    package func key(_ requestKey: String) -> String {
        var key = ""
        key.reserveCapacity(upstreamIdentity.utf8.count + 1 + requestKey.utf8.count)
        key += upstreamIdentity
        key += "|"
        key += requestKey
        return key
    }
}
