import Gateway
import Foundation
import Service
import Model
import Synchronization
import TestSupport
import XCTest

/// A new spotlight pick's call is charged to the request that found the pick due; one that waited
/// for the pick of a client past its share is not refused for that client's share: it asks as
/// its own. A client past its share with an old pick at hand gets the old pick, marked stale.
final class SpotlightShareTests: XCTestCase {
    private let greedy = CallPayer(install: nil, address: "203.0.113.7")
    private let other = CallPayer(install: nil, address: "198.51.100.9")

    /// A call log that, while held, makes the first read of the calls logged wait until released,
    /// then gives `earlier` (the budget reads it on its first take).
    final class HeldCallLog: UpstreamCallLog {
        let earlier: [LoggedCall]
        private let latch = Latch()
        private let reads = Mutex(0)

        init(earlier: [LoggedCall]) { self.earlier = earlier }

        var waiting: Bool { reads.withLock { $0 } > 0 }
        func release() { latch.open() }

        func record(at date: Date, payer: String, address: String, forgetBefore: Date) async throws {}
        func loggedCalls(since date: Date) async throws -> [LoggedCall] {
            reads.withLock { $0 += 1 }
            await latch.wait()
            return earlier
        }
    }

    /// 10 calls an hour, 10% each: one call per client.
    private func gateway(log: (any UpstreamCallLog)? = nil, clock: TestClock) -> UpstreamGateway {
        var settings = GatewaySettings()
        settings.callsPerHour = 10
        settings.sharePercent = 10
        return UpstreamGateway(provider: ScriptedProvider(), store: nil, callLog: log, settings: settings, now: { clock.now() })
    }

    func testARequestWaitingForThePickOfAClientPastItsShareAsksAsItsOwn() async throws {
        let clock = TestClock()
        // The greedy client's call of a minute ago, as the log holds it: its share is spent.
        let log = HeldCallLog(earlier: [LoggedCall(at: clock.now().addingTimeInterval(-60), payer: greedy.key, address: greedy.addressKey)])
        let service = SpotlightService(gateway: gateway(log: log, clock: clock), store: MemorySpotlightStore(), intervalSeconds: 600,
                                       rating: .g, now: { clock.now() })
        let (greedy, other) = (greedy, other)
        let leading = Task { try await service.current(tag: "cats", payer: greedy) }
        try await waitUntil("the greedy client's pick reads the call log") { log.waiting }
        let joining = Task { try await service.current(tag: "cats", payer: other) }
        // Time for the second request to wait for the first one's pick (it cannot finish meanwhile).
        try await Task.sleep(for: .milliseconds(200))
        log.release()
        let refused = await leading.result
        XCTAssertThrowsError(try refused.get()) { XCTAssertTrue($0 is UpstreamShareSpent, "\($0)") }
        let picked = try await joining.value
        XCTAssertTrue(picked.pickedNow, "its own pick, charged to it")
    }

    func testAClientPastItsShareGetsTheOldPickMarkedStale() async throws {
        let clock = TestClock()
        let service = SpotlightService(gateway: gateway(clock: clock), store: MemorySpotlightStore(), intervalSeconds: 600,
                                       rating: .g, now: { clock.now() })
        let first = try await service.current(tag: nil, payer: greedy)
        XCTAssertTrue(first.pickedNow)
        clock.advance(by: 601)
        let stale = try await service.current(tag: nil, payer: greedy)
        XCTAssertEqual(stale.stale, true, "past its share: the old pick")
        XCTAssertEqual(stale.item.id, first.item.id)
        do {
            _ = try await service.current(tag: "dogs", payer: greedy)
            XCTFail("no pick at all and past its share")
        } catch {
            XCTAssertTrue(error is UpstreamShareSpent, "\(error)")
        }
        let next = try await service.current(tag: nil, payer: other)
        XCTAssertTrue(next.pickedNow, "another client makes the next pick")
    }
}
