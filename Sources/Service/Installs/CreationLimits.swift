import Model
import Foundation

/// Installs that may be made per hour at three widths: by one client address, by its wider
/// network (one site or one provider's customers hold many addresses of it), and by the whole
/// server (what no spread of addresses gets past). Nil: no limit at that width.
package struct InstallCreationLimits: Sendable, Equatable {
    package static let defaultPerAddress = 30
    package static let defaultPerNetwork = 60
    package static let defaultPerServer = 1_000

    package var perAddress: Int?
    package var perNetwork: Int?
    package var perServer: Int?

    package init(perAddress: Int? = defaultPerAddress, perNetwork: Int? = defaultPerNetwork, perServer: Int? = defaultPerServer) {
        self.perAddress = perAddress
        self.perNetwork = perNetwork
        self.perServer = perServer
    }

    /// Every width unlimited.
    package static let none = InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: nil)
}

/// Who asks for a new install, as two keys: one standing for its address, one for the wider
/// network the address is in. The service reads nothing into them.
package struct InstallClient: Hashable, Sendable {
    package let address: String
    package let network: String

    package init(address: String, network: String) {
        self.address = address
        self.network = network
    }
}

/// Which of the limits refused a new install.
package enum CreationScope: String, Sendable {
    case address, network, server
}

/// The three limits together: a creation is taken from each in turn, narrowest first, and given
/// back to those before the one that refuses, so the server's count is spent only by creations
/// every narrower limit allowed (one client cannot use it up) and a refusal costs nothing.
final class CreationLimiter: Sendable {
    private let limits: [(scope: CreationScope, limit: CreationLimit)]
    static let serverKey = "server"

    /// `capacity`: keys remembered per width.
    init(_ settings: InstallCreationLimits, capacity: Int) {
        let widths: [(CreationScope, Int?)] = [(.address, settings.perAddress), (.network, settings.perNetwork),
                                               (.server, settings.perServer)]
        limits = widths.compactMap { scope, perHour in perHour.map { (scope, CreationLimit(perHour: $0, capacity: capacity)) } }
    }

    /// Nil when `client` may make an install now (it is counted), else the limit that refused and
    /// the seconds until it allows one.
    func take(_ client: InstallClient, now: Date) -> (scope: CreationScope, retryAfterSeconds: Int)? {
        var taken: [(limit: CreationLimit, key: String)] = []
        for (scope, limit) in limits {
            let key = switch scope {
            case .address: client.address
            case .network: client.network
            case .server: Self.serverKey
            }
            if let retryAfter = limit.take(key, now: now) {
                for earlier in taken { earlier.limit.refund(earlier.key, now: now) }
                return (scope, retryAfter)
            }
            taken.append((limit, key))
        }
        return nil
    }

    /// Keys remembered at each width, for the tests of the memory bound.
    var rememberedKeys: [CreationScope: Int] {
        Dictionary(uniqueKeysWithValues: limits.map { ($0.scope, $0.limit.rememberedKeys) })
    }
}
