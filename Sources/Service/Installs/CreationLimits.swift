import Model
import Foundation

/// Installs that may be made per hour at three widths: by one client address, by its wider
/// network (one site or one provider's customers hold many addresses of it), and by the whole
/// server (what no spread of addresses gets past). Nil: no limit at that width. The server's are
/// shared out: one network, and one block of networks, may hold at most its percent of what the
/// server has left (`SharedCreationLimit`), so a few networks cannot spend them for everyone.
package struct InstallCreationLimits: Sendable, Equatable {
    package static let defaultPerAddress = 30
    package static let defaultPerNetwork = 60
    package static let defaultPerServer = 1_000
    package static let defaultNetworkSharePercent = 10
    package static let defaultBlockSharePercent = 25

    package var perAddress: Int?
    package var perNetwork: Int?
    package var perServer: Int?
    /// The percent of the server's installs left that one network, and one block, may hold; nil: no share.
    package var networkSharePercent: Int?
    package var blockSharePercent: Int?

    package init(perAddress: Int? = defaultPerAddress, perNetwork: Int? = defaultPerNetwork, perServer: Int? = defaultPerServer,
                 networkSharePercent: Int? = defaultNetworkSharePercent, blockSharePercent: Int? = defaultBlockSharePercent) {
        self.perAddress = perAddress
        self.perNetwork = perNetwork
        self.perServer = perServer
        self.networkSharePercent = networkSharePercent
        self.blockSharePercent = blockSharePercent
    }

    /// Every width unlimited.
    package static let none = InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: nil,
                                                    networkSharePercent: nil, blockSharePercent: nil)
}

/// Who asks for a new install, as three keys: one standing for its address, one for the network
/// the address is in, one for the wider block that network is in (what one provider, or one
/// holder of many networks, has). The service reads nothing into them.
package struct InstallClient: Hashable, Sendable {
    package let address: String
    package let network: String
    package let block: String

    /// `block`: nil for a network that is a block of its own.
    package init(address: String, network: String, block: String? = nil) {
        self.address = address
        self.network = network
        self.block = block ?? network
    }
}

/// Which of the limits refused a new install: a width's count, or its network's or its block's
/// share of what the server has left.
package enum CreationScope: String, Sendable {
    case address, network, server, networkShare, blockShare
}

/// The limits together: a creation is taken from each in turn, narrowest first, the server's
/// (with its shares) last, and given back to those before the one that refuses, so the server's
/// count is spent only by creations every narrower limit allowed (one client cannot use it up)
/// and a refusal costs nothing.
final class CreationLimiter: Sendable {
    private let narrower: [(scope: CreationScope, limit: CreationLimit)]
    private let server: SharedCreationLimit?

    /// `capacity`: keys remembered per width.
    init(_ settings: InstallCreationLimits, capacity: Int) {
        let widths: [(CreationScope, Int?)] = [(.address, settings.perAddress), (.network, settings.perNetwork)]
        narrower = widths.compactMap { scope, perHour in perHour.map { (scope, CreationLimit(perHour: $0, capacity: capacity)) } }
        server = settings.perServer.map {
            SharedCreationLimit(perHour: $0, networkSharePercent: settings.networkSharePercent,
                                blockSharePercent: settings.blockSharePercent, capacity: capacity)
        }
    }

    /// Nil when `client` may make an install now (it is counted), else the limit that refused and
    /// the seconds until it allows one.
    func take(_ client: InstallClient, now: Date) -> (scope: CreationScope, retryAfterSeconds: Int)? {
        var taken: [(limit: CreationLimit, key: String)] = []
        for (scope, limit) in narrower {
            let key = scope == .address ? client.address : client.network
            if let retryAfter = limit.take(key, now: now) {
                for earlier in taken { earlier.limit.refund(earlier.key, now: now) }
                return (scope, retryAfter)
            }
            taken.append((limit, key))
        }
        if let refused = server?.take(client, now: now) {
            for earlier in taken { earlier.limit.refund(earlier.key, now: now) }
            return refused
        }
        return nil
    }

    /// Keys remembered at each width, for the tests of the memory bound.
    var rememberedKeys: [CreationScope: Int] {
        var remembered = Dictionary(uniqueKeysWithValues: narrower.map { ($0.scope, $0.limit.rememberedKeys) })
        if let shares = server?.rememberedKeys {
            remembered[.networkShare] = shares.networks
            remembered[.blockShare] = shares.blocks
        }
        return remembered
    }
}
