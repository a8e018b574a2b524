import Gateway
import Foundation
import Service
import Model
import Synchronization
import TestSupport
import XCTest

final class SpotlightServiceTests: XCTestCase {
    /// Random picks that take a while and are counted, so concurrent requests overlap.
    final class SlowRandom: Provider {
        let calls = Mutex(0)
        func search(_ request: SearchRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
            let number = calls.withLock { $0 += 1; return $0 }
            try await Task.sleep(for: .milliseconds(100))
            return makeItem("pick\(number)")
        }
    }

    func testConcurrentRequestsAtChangeTimeMakeOnePick() async throws {
        let provider = SlowRandom()
        let clock = TestClock()
        let gateway = UpstreamGateway(provider: provider, store: nil)
        let service = SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g,
                                       now: { clock.now() })
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await service.current(tag: " Cats ").item.id } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(ids, ["pick1"])
        XCTAssertEqual(provider.calls.withLock { $0 }, 1)
        // The same tag spelled differently is the same spotlight.
        let again = try await service.current(tag: "cats")
        XCTAssertEqual(again.item.id, "pick1")
        clock.advance(by: 601)
        let next = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await service.current(tag: "cats").item.id } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(next, ["pick2"])
        XCTAssertEqual(provider.calls.withLock { $0 }, 2)
    }

    func testAPickDatedTooFarAheadIsReplaced() async throws {
        let provider = SlowRandom()
        let clock = TestClock()
        let store = MemorySpotlightStore()
        let service = SpotlightService(gateway: UpstreamGateway(provider: provider, store: nil), store: store,
                                       intervalSeconds: 600, rating: .g, now: { clock.now() })
        _ = try await service.current(tag: nil)
        clock.advance(by: -7200)  // the clock went back two hours
        let after = try await SpotlightService(gateway: UpstreamGateway(provider: provider, store: nil), store: store,
                                               intervalSeconds: 600, rating: .g, now: { clock.now() }).current(tag: nil)
        XCTAssertEqual(after.item.id, "pick2")
        XCTAssertLessThanOrEqual(after.secondsLeft, 600)
    }
}
