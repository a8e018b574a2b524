import Foundation
@testable import Service
import TestSupport
import XCTest

/// Installs are limited per address, per wider network and per server; a refusal at one width
/// costs nothing at the others, and the clients remembered stay within the capacity.
final class InstallCreationLimitTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    private func client(_ address: Int, network: Int) -> InstallClient {
        InstallClient(address: "a\(address)", network: "n\(network)")
    }

    func testANetworkIsLimitedHoweverManyOfItsAddressesAsk() {
        let limiter = CreationLimiter(InstallCreationLimits(perAddress: 30, perNetwork: 3, perServer: nil), capacity: 100)
        for address in 0..<3 { XCTAssertNil(limiter.take(client(address, network: 1), now: start)) }
        let refused = limiter.take(client(3, network: 1), now: start)
        XCTAssertEqual(refused?.scope, .network)
        // One every 1200 s: the next is 1200 s away.
        XCTAssertEqual(refused?.retryAfterSeconds, 1200)
        XCTAssertNil(limiter.take(client(4, network: 2), now: start), "another network has its own")
        XCTAssertNil(limiter.take(client(3, network: 1), now: start.addingTimeInterval(1200)), "refilled")
    }

    func testTheServerIsLimitedHoweverManyNetworksAsk() {
        let limiter = CreationLimiter(InstallCreationLimits(perAddress: 30, perNetwork: 60, perServer: 2), capacity: 100)
        XCTAssertNil(limiter.take(client(1, network: 1), now: start))
        XCTAssertNil(limiter.take(client(2, network: 2), now: start))
        XCTAssertEqual(limiter.take(client(3, network: 3), now: start)?.scope, .server)
    }

    /// The server's count is spent only by creations the narrower limits allowed, and a
    /// creation the server refused is given back to its address and network. (Without the
    /// shares: a server of 3 would let one network hold none but the first.)
    func testARefusalCostsNothingAtTheOtherWidths() {
        let limits = InstallCreationLimits(perAddress: 2, perNetwork: 60, perServer: 3, networkSharePercent: nil, blockSharePercent: nil)
        let limiter = CreationLimiter(limits, capacity: 100)
        let greedy = client(1, network: 1)
        XCTAssertNil(limiter.take(greedy, now: start))
        XCTAssertNil(limiter.take(greedy, now: start))
        for _ in 0..<10 { XCTAssertEqual(limiter.take(greedy, now: start)?.scope, .address) }
        XCTAssertNil(limiter.take(client(2, network: 2), now: start), "the greedy client's refusals took none of the server's")
        XCTAssertEqual(limiter.take(client(3, network: 3), now: start)?.scope, .server)
        // Refused by the server: its address and network were given back their creation.
        for _ in 0..<5 { XCTAssertEqual(limiter.take(client(3, network: 3), now: start)?.scope, .server) }
        let refill = start.addingTimeInterval(1200)
        XCTAssertNil(limiter.take(client(3, network: 3), now: refill))
    }

    func testTheClientsRememberedStayWithinTheCapacity() {
        let limiter = CreationLimiter(InstallCreationLimits(perAddress: 30, perNetwork: 60, perServer: nil), capacity: 50)
        for index in 0..<1_000 {
            _ = limiter.take(client(index, network: index), now: start.addingTimeInterval(Double(index)))
        }
        XCTAssertLessThanOrEqual(limiter.rememberedKeys[.address] ?? .max, 50)
        XCTAssertLessThanOrEqual(limiter.rememberedKeys[.network] ?? .max, 50)
    }

    func testTheServiceSaysWhichLimitRefused() async throws {
        let service = InstallService(store: MemoryInstallStore(),
                                     creationLimits: InstallCreationLimits(perAddress: 5, perNetwork: 1, perServer: nil))
        _ = try await service.create(client: client(1, network: 1))
        do {
            _ = try await service.create(client: client(2, network: 1))
            XCTFail("a second install from the network")
        } catch InstallError.tooManyCreated(let scope, let retryAfter) {
            XCTAssertEqual(scope, .network)
            XCTAssertEqual(retryAfter, 3600)
        }
    }
}
