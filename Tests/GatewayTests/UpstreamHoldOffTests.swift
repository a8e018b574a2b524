import Primitives
import Gateway
import Foundation
import Model
import Synchronization
import TestSupport
import XCTest

/// A failing upstream is held off, not asked again and again: a 429's Retry-After at once, other
/// failures from the second in a row, with a doubling wait, one probe when it is over.
final class UpstreamHoldOffTests: XCTestCase {
    private let clock = TestClock()
    private let provider = ScriptedProvider()
    private lazy var gateway = UpstreamGateway(provider: provider, store: nil, now: { [clock] in clock.now() })

    private func search(_ query: String) async throws -> Fetched<UpstreamPage> {
        try await gateway.search(SearchRequest(query: query, offset: 0, limit: 10)).value()
    }

    /// The error a search ends with; nil when it was answered.
    private func failure(_ query: String) async -> (any Error)? {
        do {
            _ = try await search(query)
            return nil
        } catch {
            return error
        }
    }

    func testTwoServerErrorsInARowHoldTheUpstreamOffAndTheWaitDoubles() async throws {
        provider.fail(with: UpstreamError.serverError(status: 500))
        let first = await failure("a")
        XCTAssertEqual(first as? UpstreamError, .serverError(status: 500), "one failure may be that call's own")
        let second = await failure("b")
        XCTAssertEqual(second as? UpstreamError, .serverError(status: 500))
        for query in ["c", "d", "e", "f"] {
            let held = await failure(query)
            XCTAssertEqual(held as? UpstreamHeldOff, UpstreamHeldOff(cause: .serverError(status: 500), retryAfter: 1), query)
        }
        XCTAssertEqual(provider.calls.count, 2, "held-off searches make no call")
        XCTAssertEqual(gateway.metrics.heldOffCalls["search"], 4)

        clock.advance(by: 1)
        _ = await failure("probe")
        XCTAssertEqual(provider.calls.count, 3, "the wait is over: one probe")
        let afterProbe = await failure("g")
        XCTAssertEqual(afterProbe as? UpstreamHeldOff, UpstreamHeldOff(cause: .serverError(status: 500), retryAfter: 2), "the wait doubled")
        clock.advance(by: 2)
        provider.fail(with: nil)
        let answered = try await search("h")
        XCTAssertEqual(answered.status, .miss)
        let next = try await search("i")
        XCTAssertEqual(next.status, .miss, "an answer ends the hold")
        XCTAssertEqual(provider.calls.count, 5)
    }

    func testTheWaitStopsDoublingAtThirtySeconds() async {
        provider.fail(with: UpstreamError.unavailable(reason: "refused"))
        var waits: [Int] = []
        for round in 0..<10 {
            _ = await failure("a\(round)")
            guard let held = await failure("b\(round)") as? UpstreamHeldOff else { continue }
            waits.append(held.retryAfter)
            clock.advance(by: Double(held.retryAfter))
        }
        XCTAssertEqual(waits, [1, 2, 4, 8, 16, 30, 30, 30, 30], "the first round's two failures begin the hold")
    }

    func testARateLimitHoldsAtOnceForItsRetryAfter() async throws {
        provider.fail(with: UpstreamError.rateLimited(retryAfter: 7))
        _ = await failure("a")
        let held = await failure("b")
        XCTAssertEqual(held as? UpstreamHeldOff, UpstreamHeldOff(cause: .rateLimited(retryAfter: 7), retryAfter: 7))
        clock.advance(by: 5)
        let later = await failure("c")
        XCTAssertEqual((later as? UpstreamHeldOff)?.retryAfter, 2, "it counts down")
        XCTAssertEqual(provider.calls.count, 1)
        clock.advance(by: 2)
        provider.fail(with: nil)
        _ = try await search("d")
        XCTAssertEqual(provider.calls.count, 2)
    }

    func testAnOddRetryAfterHoldsAnHourAtMost() async {
        provider.fail(with: UpstreamError.rateLimited(retryAfter: 9_999_999))
        _ = await failure("a")
        let held = await failure("b")
        XCTAssertEqual((held as? UpstreamHeldOff)?.retryAfter, 3_600)
    }

    func testFailuresThatSayNothingOfOtherCallsHoldNothing() async {
        for error: UpstreamError in [.notFound, .badResponse(reason: "not JSON"), .rejected(status: 400)] {
            provider.fail(with: error)
            for query in ["a", "b", "c"] { _ = await failure("\(error)\(query)") }
        }
        XCTAssertEqual(provider.calls.count, 9)
        XCTAssertEqual(gateway.metrics.heldOffCalls, [:])
    }

    func testAStaleAnswerIsServedWhileHeldOff() async throws {
        _ = try await search("kept")
        clock.advance(by: 120)
        provider.fail(with: UpstreamError.timeout)
        _ = await failure("a")
        _ = await failure("b")
        let stale = try await search("kept")
        XCTAssertEqual(stale.status, .stale)
        XCTAssertEqual(provider.calls.count, 3, "the stale answer was served without a call")
    }

    func testWhileTheProbeIsOutTheOthersFailFast() async throws {
        let slow = UpstreamGatewayTests.SlowProvider()
        let gateway = UpstreamGateway(provider: slow, store: nil, now: { [clock] in clock.now() })
        slow.failure.withLock { $0 = .serverError(status: 503) }
        for query in ["a", "b"] { _ = try? await gateway.search(SearchRequest(query: query, offset: 0, limit: 10)).value() }
        clock.advance(by: 1)
        slow.failure.withLock { $0 = nil }
        // The probe is held until the other request has been refused: with its 200 ms alone, a
        // loaded machine could let it end first, and the other then went out as well.
        let gate = Latch()
        addTeardownBlock { gate.open() }
        slow.gate.withLock { $0 = gate }
        let probe = Task { try await gateway.search(SearchRequest(query: "probe", offset: 0, limit: 10)).value() }
        try await waitUntil("the probe is out", timeout: eventTimeout) { slow.calls.withLock { $0 } == 3 }
        do {
            _ = try await gateway.search(SearchRequest(query: "other", offset: 0, limit: 10)).value()
            XCTFail("only the probe goes out")
        } catch let held as UpstreamHeldOff {
            XCTAssertEqual(held.cause, .serverError(status: 503))
        }
        gate.open()
        let answered = try await probe.value
        XCTAssertEqual(answered.status, .miss)
        _ = try await gateway.search(SearchRequest(query: "other", offset: 0, limit: 10)).value()
        XCTAssertEqual(slow.calls.withLock { $0 }, 4)
    }

    /// A random pick is called in the caller's task (nothing to share), so cancelling it ends the call.
    final class SlowRandom: Provider {
        let calls = Mutex(0)
        let failure = Mutex<UpstreamError?>(nil)

        func search(_ request: SearchRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        /// Set, a call waits until it is cancelled (the test cancels it), however slow the machine.
        let untilCancelled = Mutex(false)

        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
            calls.withLock { $0 += 1 }
            try await Task.sleep(for: untilCancelled.withLock { $0 } ? .seconds(3600) : .milliseconds(200))
            if let error = failure.withLock({ $0 }) { throw error }
            return makeItem("r")
        }
    }

    func testACancelledProbeLetsTheNextCallProbe() async throws {
        let slow = SlowRandom()
        let gateway = UpstreamGateway(provider: slow, store: nil, now: { [clock] in clock.now() })
        slow.failure.withLock { $0 = .serverError(status: 503) }
        for _ in 0..<2 { _ = try? await gateway.random(tag: nil, rating: nil) }
        clock.advance(by: 1)
        // The probe's call lasts until it is cancelled: with 200 ms, a loaded machine could let it
        // fail first (the upstream still fails), and the hold-off then refused the next call.
        slow.untilCancelled.withLock { $0 = true }
        let probe = Task { try await gateway.random(tag: nil, rating: nil) }
        try await waitUntil("the probe is out", timeout: eventTimeout) { slow.calls.withLock { $0 } == 3 }
        slow.untilCancelled.withLock { $0 = false }
        probe.cancel()
        _ = try? await probe.value
        slow.failure.withLock { $0 = nil }
        let next = try await gateway.random(tag: nil, rating: nil)
        XCTAssertEqual(next.id, "r", "the cancelled probe said nothing of the upstream: the next call is the probe")
        XCTAssertEqual(slow.calls.withLock { $0 }, 4)
    }
}
