import Foundation
@testable import Service
import TestSupport
import XCTest

/// Issue 44.4: the server's installs are shared out between networks. A network, and a block of
/// networks, may hold only its share of what the server has left, counted over about the last
/// hour; so a few networks cannot spend the server's installs for everyone, at once or by taking
/// each refill, and a network that made none lately finds one whenever the server has one.
final class InstallShareTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Two addresses in each of `networks` /24s, each /24 in a /16 of its own.
    private func flooders(_ networks: Int) -> [InstallClient] {
        (0..<networks).flatMap { network in
            (1...2).map { InstallClient(address: "10.\(network).7.\($0)", network: "10.\(network).7.0/24", block: "10.\(network).0.0/16") }
        }
    }

    private let newcomer = InstallClient(address: "192.0.2.1", network: "192.0.2.0/24", block: "192.0.0.0/16")

    /// Every flooder asks until each is refused; the installs they got.
    private func flood(_ limiter: CreationLimiter, _ clients: [InstallClient], at now: Date) -> Int {
        var made = 0
        var refused = Set<InstallClient>()
        while refused.count < clients.count {
            for client in clients where !refused.contains(client) {
                if limiter.take(client, now: now) == nil { made += 1 } else { refused.insert(client) }
            }
        }
        return made
    }

    /// The flood, at the defaults: 36 addresses in 18 /24s took all 1,000 installs of the
    /// hour, and every new user after them got 429.
    func testAFewNetworksCannotSpendTheServersInstallsAtOnce() {
        let limiter = CreationLimiter(InstallCreationLimits(), capacity: 10_000)
        let made = flood(limiter, flooders(18), at: start)
        // Each /24 holds at most a tenth of what is left: about 1000 / (1 + 18/10) are left.
        XCTAssertLessThan(made, 700, "the flood took \(made)")
        XCTAssertGreaterThan(made, 600)
        XCTAssertNil(limiter.take(newcomer, now: start), "a new network still gets an install")
        let refused = limiter.take(flooders(18)[0], now: start)
        XCTAssertEqual(refused?.scope, .networkShare)
    }

    /// Taking each refill as it comes, for six hours, from 30 /24s (which may make 1,800 an hour
    /// between them, more than the server's 1,000): a network's count fades in proportion to
    /// itself, so the flooders take again only as fast as theirs fade, and the server keeps about
    /// 1000 / (30/10) left. A new network asking every ten minutes always gets one. (Counts that
    /// fell by a fixed number an hour, as a token bucket's do, would let the 30 take all in 2 h.)
    func testAFloodThatTakesEveryRefillForHoursStillLeavesNewNetworksRoom() {
        let limiter = CreationLimiter(InstallCreationLimits(), capacity: 10_000)
        let clients = flooders(30)
        var newcomers = 0
        for second in stride(from: 0, through: 6 * 3600, by: 5) {
            let now = start.addingTimeInterval(Double(second))
            for client in clients { _ = limiter.take(client, now: now) }
            if second % 600 == 300 {
                let network = "192.0.\(newcomers % 250).0/24"
                let client = InstallClient(address: "192.0.\(newcomers % 250).1", network: network, block: "192.0.0.0/16")
                XCTAssertNil(limiter.take(client, now: now), "a new network at \(second) s")
                newcomers += 1
            }
        }
        XCTAssertEqual(newcomers, 36)
    }

    /// Networks that ask one after another, each taking all its share of what the ones before it
    /// left (10 % of 1,000, of 909, ...), spend the stock between about 55 of them; but then none
    /// may take again until its count fades below its share of a nearly empty server, so the
    /// refills go to networks that made none lately, and keep doing so while the 60 ask every 5 s
    /// for an hour.
    func testNetworksOneAfterAnotherSpendTheStockButNotTheRefills() {
        let limiter = CreationLimiter(InstallCreationLimits(), capacity: 10_000)
        let clients = flooders(60)
        var made = 0
        for client in clients {
            while limiter.take(client, now: start) == nil { made += 1 }
        }
        XCTAssertEqual(made, 1000)
        XCTAssertEqual(limiter.take(newcomer, now: start)?.scope, .server, "the stock is spent")
        var newcomers = 0
        for second in stride(from: 5, through: 3600, by: 5) {
            let now = start.addingTimeInterval(Double(second))
            for client in clients { _ = limiter.take(client, now: now) }
            if second % 600 == 300 {
                let client = InstallClient(address: "192.0.\(newcomers).1", network: "192.0.\(newcomers).0/24", block: "192.0.0.0/16")
                XCTAssertNil(limiter.take(client, now: now), "a new network at \(second) s")
                newcomers += 1
            }
        }
        XCTAssertEqual(newcomers, 6)
    }

    /// Many /24s of one /16 (or /48s of one /32) hold together at most a quarter of what is left.
    func testABlockOfManyNetworksHoldsOnlyItsShare() {
        let limiter = CreationLimiter(InstallCreationLimits(), capacity: 10_000)
        let oneBlock = (0..<100).map { InstallClient(address: "198.18.\($0).1", network: "198.18.\($0).0/24", block: "198.18.0.0/16") }
        let made = flood(limiter, oneBlock, at: start)
        // c < (1000 - c) / 4: at most 200.
        XCTAssertLessThanOrEqual(made, 200)
        XCTAssertGreaterThanOrEqual(made, 199)
        let refused = limiter.take(InstallClient(address: "198.18.200.1", network: "198.18.200.0/24", block: "198.18.0.0/16"), now: start)
        XCTAssertEqual(refused?.scope, .blockShare, "a network of the block that made none is refused by its block's share")
        XCTAssertNil(limiter.take(newcomer, now: start), "another block's network gets one")
    }

    /// A network that made none lately gets an install whenever the server has one left; one that
    /// made some waits until its count fades below its share, and `Retry-After` says how long if
    /// nothing comes back meanwhile.
    func testANetworkThatMadeNoneGetsOneWhileTheServerHasAny() {
        let limiter = CreationLimiter(InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: 100), capacity: 100)
        let greedy = InstallClient(address: "a", network: "n")
        // c < (100 - c) / 10: ten, then 90 left.
        for _ in 0..<10 { XCTAssertNil(limiter.take(greedy, now: start)) }
        let refused = limiter.take(greedy, now: start)
        XCTAssertEqual(refused?.scope, .networkShare)
        // 10 · e^(-t/3600) < 9: t > 3600 · ln(10/9) = 379.3 s.
        XCTAssertEqual(refused?.retryAfterSeconds, 380)
        for index in 0..<90 { XCTAssertNil(limiter.take(InstallClient(address: "b\(index)", network: "m\(index)"), now: start)) }
        XCTAssertEqual(limiter.take(InstallClient(address: "c", network: "o"), now: start)?.scope, .server, "none left")
        XCTAssertNil(limiter.take(InstallClient(address: "c", network: "o"), now: start.addingTimeInterval(37)), "one refilled")
    }

    /// A refusal by a share gives the address and the network their creation back.
    func testAShareRefusalCostsNothingAtTheNarrowerWidths() {
        let limiter = CreationLimiter(InstallCreationLimits(perAddress: 11, perNetwork: 11, perServer: 100), capacity: 100)
        let greedy = InstallClient(address: "a", network: "n")
        for _ in 0..<10 { XCTAssertNil(limiter.take(greedy, now: start)) }
        for _ in 0..<20 { XCTAssertEqual(limiter.take(greedy, now: start)?.scope, .networkShare) }
        // Its share has room again 380 s later; its address and network still hold their eleventh.
        let later = start.addingTimeInterval(380)
        XCTAssertNil(limiter.take(greedy, now: later))
    }

    func testNoShareWithoutAServerLimitOrWithTheSharesOff() {
        let sharesOff = InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: 100,
                                              networkSharePercent: nil, blockSharePercent: nil)
        for limits in [InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: nil), sharesOff] {
            let limiter = CreationLimiter(limits, capacity: 100)
            for _ in 0..<100 { XCTAssertNil(limiter.take(InstallClient(address: "a", network: "n"), now: start)) }
        }
    }

    func testTheNetworksAndBlocksRememberedStayWithinTheCapacity() {
        let limiter = CreationLimiter(InstallCreationLimits(perServer: 1_000_000), capacity: 50)
        for index in 0..<1_000 {
            _ = limiter.take(InstallClient(address: "a\(index)", network: "n\(index)", block: "b\(index)"),
                             now: start.addingTimeInterval(Double(index)))
        }
        XCTAssertLessThanOrEqual(limiter.rememberedKeys[.networkShare] ?? .max, 50)
        XCTAssertLessThanOrEqual(limiter.rememberedKeys[.blockShare] ?? .max, 50)
    }

    /// A count fades to 1/e of itself each hour; past the capacity the smallest go first, so a
    /// network that made many is not forgotten for many that made one.
    func testACountFadesAndTheSmallestAreForgottenFirst() {
        var counts = FadingCounts(meanLife: 3600, capacity: 10)
        for _ in 0..<5 { counts.add(to: "many", now: start) }
        XCTAssertEqual(counts.value(of: "many", now: start.addingTimeInterval(3600)), 5 / M_E, accuracy: 1e-9)
        for index in 0..<30 { counts.add(to: "one\(index)", now: start.addingTimeInterval(Double(index))) }
        XCTAssertLessThanOrEqual(counts.rememberedKeys, 10)
        XCTAssertGreaterThan(counts.value(of: "many", now: start.addingTimeInterval(30)), 4.9)
        XCTAssertEqual(counts.value(of: "unknown", now: start), 0)
    }

    func testTheServiceSaysAShareRefused() async throws {
        let service = InstallService(store: MemoryInstallStore(),
                                     creationLimits: InstallCreationLimits(perAddress: nil, perNetwork: nil, perServer: 10))
        _ = try await service.create(client: InstallClient(address: "a", network: "n"))
        do {
            _ = try await service.create(client: InstallClient(address: "b", network: "n"))
            XCTFail("a second install from the network while 9 are left")
        } catch InstallError.tooManyCreated(let scope, _) {
            XCTAssertEqual(scope, .networkShare)
        }
    }
}
