@testable import Gateway
import Primitives
import Foundation
import Model
import Synchronization
import TestSupport
import XCTest

/// The gateway's rules without sockets: coalescing, freshness, stale, budget.
final class UpstreamGatewayTests: XCTestCase {
    /// A provider whose calls take a while, so concurrent requests overlap.
    final class SlowProvider: Provider {
        let calls = Mutex(0)
        let failure = Mutex<UpstreamError?>(nil)
        /// Set, a search waits for it to open rather than 200 ms.
        let gate = Mutex<Latch?>(nil)

        func search(_ request: SearchRequest) async throws -> UpstreamPage {
            calls.withLock { $0 += 1 }
            if let gate = gate.withLock({ $0 }) { await gate.wait() } else { try await Task.sleep(for: .milliseconds(200)) }
            if let error = failure.withLock({ $0 }) { throw error }
            return UpstreamPage(items: [makeItem("a")], totalCount: 1, count: 1, offset: request.offset)
        }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item { makeItem("r") }
    }

    /// A call that finishes as the slow-upstream deadline comes stores its answer first; what the
    /// deadline then finds at hand is that answer, stored after the request began, and it must not
    /// be served as stale (with a fresh window of 0 every stored answer is stale at once). Seen
    /// under ThreadSanitizer in CI: a first search of "dogs" answered STALE.
    func testTheDeadlineNeverTakesAnAnswerStoredSinceTheRequestBegan() async throws {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        var settings = GatewaySettings()
        settings.freshSeconds = 0
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings, now: { clock.withLock { $0 } })
        let request = SearchRequest(query: "dogs", offset: 0, limit: 10)
        let requestedAt = clock.withLock { $0 }
        clock.withLock { $0 = $0.addingTimeInterval(1) }
        let status = try await gateway.search(request).value().status
        XCTAssertEqual(status, .miss)
        let key = CacheKey.search(request, upstream: settings.upstreamIdentity)
        let now = clock.withLock { $0.addingTimeInterval(1) }
        let sinceTheRequest: Fetched<SharedBox<UpstreamPage>>? = gateway.inMemory(key, now: now, storedBefore: requestedAt)
        XCTAssertNil(sinceTheRequest, "stored after the request began: the call's own answer")
        let before: Fetched<SharedBox<UpstreamPage>>? = gateway.inMemory(key, now: now, storedBefore: now)
        XCTAssertEqual(before?.status, .stale, "an answer kept before a later request is served stale to it")
    }

    func testConcurrentIdenticalRequestsShareOneCall() async throws {
        let provider = SlowProvider()
        let gateway = UpstreamGateway(provider: provider, store: nil)
        let request = SearchRequest(query: "cats", offset: 0, limit: 10)
        let statuses = try await withThrowingTaskGroup(of: CacheStatus.self) { group in
            for _ in 0..<50 { group.addTask { try await gateway.search(request).value().status } }
            return try await group.reduce(into: [CacheStatus]()) { $0.append($1) }
        }
        XCTAssertEqual(statuses.count, 50)
        XCTAssertEqual(provider.calls.withLock { $0 }, 1)
        let again = try await gateway.search(request).value()
        XCTAssertEqual(again.status, .hit)
    }

    func testFreshThenStaleWhenTheUpstreamFails() async throws {
        let provider = SlowProvider()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        var settings = GatewaySettings()
        settings.freshSeconds = 60
        settings.staleSeconds = 3600
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings, now: { clock.withLock { $0 } })
        let request = SearchRequest(query: "cats", offset: 0, limit: 10)
        let first = try await gateway.search(request).value()
        XCTAssertEqual(first.status, .miss)
        clock.withLock { $0 += 30 }
        let second = try await gateway.search(request).value()
        XCTAssertEqual(second.status, .hit)
        clock.withLock { $0 += 60 }
        provider.failure.withLock { $0 = .serverError(status: 500) }
        let stale = try await gateway.search(request).value()
        XCTAssertEqual(stale.status, .stale)
        XCTAssertEqual(stale.age, 90)
        clock.withLock { $0 += 3600 }
        do {
            _ = try await gateway.search(request).value()
            XCTFail("too old to serve")
        } catch let error as UpstreamError {
            XCTAssertEqual(error, .serverError(status: 500))
        }
        XCTAssertEqual(gateway.metrics.cacheResults[.stale], 1)
    }

    /// A provider whose searches wait until the test opens the gate.
    final class GatedProvider: Provider {
        let calls = Mutex(0)
        let open = Mutex(true)

        func search(_ request: SearchRequest) async throws -> UpstreamPage {
            let call = calls.withLock { calls -> Int in
                calls += 1
                return calls
            }
            while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
            return UpstreamPage(items: [makeItem("call\(call)")], totalCount: 1, count: 1, offset: request.offset)
        }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item { makeItem("r") }
    }

    /// Issue 24's soak: with the upstream taking 3 s a call, every answer past its freshness waited
    /// for it (14 req/s). Now a stale answer at hand is served after `slowUpstreamWait`, and the
    /// call goes on to refresh the cache: the next request is a hit on the new answer.
    func testASlowUpstreamGetsAWaitThenTheStaleAnswerIsServedAndTheCallRefreshesTheCache() async throws {
        let provider = GatedProvider()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        var settings = GatewaySettings()
        settings.slowUpstreamWait = .milliseconds(20)
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings, now: { clock.withLock { $0 } })
        let request = SearchRequest(query: "cats", offset: 0, limit: 10)
        let first = try await gateway.search(request).value()
        XCTAssertEqual(first.value.items.map(\.id), ["call1"])
        clock.withLock { $0 += 120 }
        provider.open.withLock { $0 = false }
        let stale = try await gateway.search(request).value()
        XCTAssertEqual(stale.status, .stale, "the call is held at the gate: the stale answer is served")
        XCTAssertEqual(stale.age, 120)
        XCTAssertEqual(stale.value.items.map(\.id), ["call1"])
        let again = try await gateway.search(request).value()
        XCTAssertEqual(again.status, .stale)
        XCTAssertEqual(provider.calls.withLock { $0 }, 2, "the second request waited on the same call")
        provider.open.withLock { $0 = true }
        // The call goes on without a waiter; until it is done, requests keep getting the stale answer.
        var staleAnswers = 2
        var refreshed = try await gateway.search(request).value()
        while refreshed.status == .stale {
            staleAnswers += 1
            try await Task.sleep(for: .milliseconds(5))
            refreshed = try await gateway.search(request).value()
        }
        // A hit on the new answer; or, for a request that joined the call just as it finished,
        // the call's own answer (a miss). Either way the new answer, and no further call.
        XCTAssertTrue([.hit, .miss].contains(refreshed.status), "\(refreshed.status)")
        XCTAssertEqual(refreshed.value.items.map(\.id), ["call2"])
        XCTAssertEqual(provider.calls.withLock { $0 }, 2)
        XCTAssertEqual(gateway.metrics.cacheResults[.stale], staleAnswers, "answers counted by what each request got")
    }

    /// A store holding one answer, as a restart leaves it: nothing in memory yet.
    final class OneAnswerStore: ResponseCacheStore {
        let kept = Mutex<CachedAnswer?>(nil)
        func answer(for key: String) async throws -> CachedAnswer? { kept.withLock { $0?.key == key ? $0 : nil } }
        func store(_ answer: CachedAnswer, maxEntries: Int) async throws { kept.withLock { $0 = answer } }
        func touch(key: String, at date: Date) async throws {}
        func remove(key: String) async throws { kept.withLock { if $0?.key == key { $0 = nil } } }
        func purge(storedBefore date: Date) async throws {}
    }

    /// After a restart memory is empty: the stale answer the call reads from the store serves too.
    func testAStaleAnswerReadFromTheStoreServesWhileTheUpstreamIsSlow() async throws {
        let provider = GatedProvider()
        let store = OneAnswerStore()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        // The wait's end asks once for a stale answer, which the call must have read from the
        // store by then: the default wait (1 s), as 20 ms was too short for a loaded machine to
        // start the call's task and read the store (the request then waited for the call: a miss).
        let settings = GatewaySettings()
        let request = SearchRequest(query: "cats", offset: 0, limit: 10)
        let before = UpstreamGateway(provider: provider, store: store, settings: settings, now: { clock.withLock { $0 } })
        _ = try await before.search(request).value()
        await before.bookkeeping.flush()
        XCTAssertNotNil(store.kept.withLock { $0 }, "the answer was stored")
        clock.withLock { $0 += 120 }
        provider.open.withLock { $0 = false }
        let restarted = UpstreamGateway(provider: provider, store: store, settings: settings, now: { clock.withLock { $0 } })
        // Opened after a while in any case, so a gateway that waited for the call fails rather than hangs.
        let opener = Task {
            try await Task.sleep(for: .seconds(10))
            provider.open.withLock { $0 = true }
        }
        let stale = try await restarted.search(request).value()
        opener.cancel()
        provider.open.withLock { $0 = true }
        XCTAssertEqual(stale.status, .stale, "read from the store by the call, served at the wait's end")
        XCTAssertEqual(stale.value.items.map(\.id), ["call1"])
    }

    func testANewQueryWaitsForTheSlowUpstream() async throws {
        let provider = GatedProvider()
        var settings = GatewaySettings()
        settings.slowUpstreamWait = .milliseconds(20)
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings)
        provider.open.withLock { $0 = false }
        let waiting = Task { try await gateway.search(SearchRequest(query: "new", offset: 0, limit: 10)).value() }
        // The call is held at the gate for longer than the wait (20 ms), counted from its start:
        // a fixed 100 ms from the task's creation may pass before the task has even started.
        try await waitUntil("the call is under way", timeout: eventTimeout) { provider.calls.withLock { $0 } == 1 }
        try await Task.sleep(for: .milliseconds(100))
        provider.open.withLock { $0 = true }
        let answer = try await waiting.value
        XCTAssertEqual(answer.status, .miss, "nothing stale at hand: the request waits for the call")
    }

    func testBudgetCountsEveryCallIncludingRandom() async throws {
        var settings = GatewaySettings()
        settings.callsPerHour = 1
        let gateway = UpstreamGateway(provider: SlowProvider(), store: nil, settings: settings)
        _ = try await gateway.random(tag: nil, rating: nil)
        do {
            _ = try await gateway.random(tag: nil, rating: nil)
            XCTFail("over budget")
        } catch let error as BudgetExhausted {
            XCTAssertGreaterThan(error.retryAfter, 3500)
        }
        XCTAssertEqual(gateway.budgetRemaining, 0)
    }

    func testAnAnswerFromTheFutureIsNeitherFreshNorStale() async throws {
        let provider = SlowProvider()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let gateway = UpstreamGateway(provider: provider, store: nil, now: { clock.withLock { $0 } })
        let request = SearchRequest(query: "cats", offset: 0, limit: 10)
        _ = try await gateway.search(request).value()
        clock.withLock { $0 -= 3600 }  // the clock went back an hour
        let again = try await gateway.search(request).value()
        XCTAssertEqual(again.status, .miss, "asked the upstream again")
        XCTAssertEqual(provider.calls.withLock { $0 }, 2)
    }

    func testBudgetCallsFromTheFutureDoNotBlockForLong() async throws {
        var settings = GatewaySettings()
        settings.callsPerHour = 1
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let gateway = UpstreamGateway(provider: SlowProvider(), store: nil, settings: settings, now: { clock.withLock { $0 } })
        _ = try await gateway.random(tag: nil, rating: nil)
        clock.withLock { $0 -= 86_400 }  // a day back: the recorded call now looks a day ahead
        do {
            _ = try await gateway.random(tag: nil, rating: nil)
            XCTFail("over budget")
        } catch let error as BudgetExhausted {
            XCTAssertLessThanOrEqual(error.retryAfter, 3600, "no longer than one window")
        }
        XCTAssertEqual(gateway.budgetRemaining, 0)
    }

    final class CountingCacheStore: ResponseCacheStore {
        let reads = Mutex(0)
        func answer(for key: String) async throws -> CachedAnswer? {
            reads.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(20))
            return nil
        }
        func store(_ answer: CachedAnswer, maxEntries: Int) async throws {}
        func touch(key: String, at date: Date) async throws {}
        func remove(key: String) async throws {}
        func purge(storedBefore date: Date) async throws {}
    }

    func testConcurrentColdRequestsReadTheStoreOnce() async throws {
        let store = CountingCacheStore()
        let gateway = UpstreamGateway(provider: SlowProvider(), store: store)
        let request = SearchRequest(query: "dogs", offset: 0, limit: 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<30 { group.addTask { _ = try await gateway.search(request).value() } }
            try await group.waitForAll()
        }
        XCTAssertEqual(store.reads.withLock { $0 }, 1)
    }
}
