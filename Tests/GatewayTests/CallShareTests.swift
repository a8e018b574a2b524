@testable import Gateway
import Primitives
import Foundation
import Model
import Synchronization
import TestSupport
import XCTest

/// Each client's share of the hourly budget, in the gateway: only the request that makes a call
/// pays for it, and a request that joined the call of a client past its share is not refused for
/// that client's share.
final class CallShareTests: XCTestCase {
    private let greedy = CallPayer(install: nil, address: "203.0.113.7")
    private let other = CallPayer(install: nil, address: "198.51.100.9")

    /// A budget of 10 an hour, 10% each: one call per client.
    private func gateway(store: HeldCacheStore) -> UpstreamGateway {
        var settings = GatewaySettings()
        settings.callsPerHour = 10
        settings.sharePercent = 10
        return UpstreamGateway(provider: ScriptedProvider(), store: store, settings: settings)
    }

    private static func search(_ gateway: UpstreamGateway, _ words: String, payer: CallPayer) async throws -> Fetched<UpstreamPage> {
        try await gateway.search(SearchRequest(query: words, offset: 0, limit: 10), payer: payer).value()
    }

    private func assertShareSpent(_ gateway: UpstreamGateway, _ words: String, payer: CallPayer, scope: UpstreamShareSpent.Scope = .client,
                                  file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await Self.search(gateway, words, payer: payer)
            XCTFail("past its share", file: file, line: line)
        } catch let spent as UpstreamShareSpent {
            XCTAssertEqual(spent.payer, payer.key, file: file, line: line)
            XCTAssertEqual(spent.scope, scope, file: file, line: line)
            XCTAssertTrue((3500...3600).contains(spent.retryAfter), "\(spent.retryAfter)", file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    /// Starts `first`'s search of `words` held in its store read, then `second`'s of the same
    /// words, which joins that call; lets the call go on and gives both outcomes.
    private static func joined(_ gateway: UpstreamGateway, _ store: HeldCacheStore, _ words: String, first: CallPayer,
                        second: CallPayer) async throws -> (Result<Fetched<UpstreamPage>, any Error>, Result<Fetched<UpstreamPage>, any Error>) {
        store.hold()
        let leading = Task { @Sendable in try await search(gateway, words, payer: first) }
        try await waitUntil("the first request's call reads the store") { store.waiting }
        // The second runs on an executor of its own, until it waits on the call held in the store:
        // then that executor is idle. A fixed 200 ms was a guess at when its task had started.
        let joiner = SharedCallExecutorTests.ThreadExecutor()
        defer { joiner.end() }
        let joining = Task(executorPreference: joiner) { @Sendable in try await search(gateway, words, payer: second) }
        try await waitUntil("the second request waits on the call", timeout: eventTimeout) { joiner.hasRunAndIsIdle }
        store.release()
        return (await leading.result, await joining.result)
    }

    func testARequestJoiningAnotherClientsCallPaysNothing() async throws {
        let store = HeldCacheStore()
        let gateway = gateway(store: store)
        let (leading, joining) = try await Self.joined(gateway, store, "cats", first: greedy, second: other)
        XCTAssertEqual(try leading.get().status, .miss)
        XCTAssertEqual(try joining.get().status, .miss, "the same call's answer")
        let untouched = try await Self.search(gateway, "dogs", payer: other)
        XCTAssertEqual(untouched.status, .miss, "its share was untouched")
        await assertShareSpent(gateway, "birds", payer: greedy)
        let hit = try await Self.search(gateway, "cats", payer: greedy)
        XCTAssertEqual(hit.status, .hit, "a cache hit costs nothing")
        XCTAssertEqual(gateway.budgetRemaining, 8)
        XCTAssertEqual(gateway.metrics.shareSpentCalls, ["search": 1])
    }

    func testARequestJoiningTheCallOfAClientPastItsShareAsksAsItsOwn() async throws {
        let store = HeldCacheStore()
        let gateway = gateway(store: store)
        let first = try await Self.search(gateway, "dogs", payer: greedy)
        XCTAssertEqual(first.status, .miss)
        let (leading, joining) = try await Self.joined(gateway, store, "cats", first: greedy, second: other)
        XCTAssertThrowsError(try leading.get()) { XCTAssertTrue($0 is UpstreamShareSpent, "\($0)") }
        XCTAssertEqual(try joining.get().status, .miss, "not refused for another client's share")
        await assertShareSpent(gateway, "birds", payer: other)
    }

    /// A new install each time the last one's share is spent: the installs of one address get
    /// `sharesPerAddress` shares together (3 by default), while another address goes on.
    func testTheInstallsOfOneAddressAreBoundTogether() async throws {
        var settings = GatewaySettings()
        settings.callsPerHour = 20
        settings.sharePercent = 10
        XCTAssertEqual(settings.callsPerAddress, 6)
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings)
        var calls = 0
        var refusal: UpstreamShareSpent?
        installs: for number in 0..<10 {
            let install = try XCTUnwrap(InstallID(String(repeating: "\(number)", count: 32)))
            let payer = CallPayer(install: install, address: "203.0.113.7")
            for search in 0..<5 {
                do {
                    _ = try await Self.search(gateway, "w\(number)x\(search)", payer: payer)
                    calls += 1
                } catch let spent as UpstreamShareSpent {
                    if spent.scope == .address {
                        refusal = spent
                        break installs
                    }
                    break
                }
            }
        }
        XCTAssertEqual(calls, 6)
        XCTAssertEqual(refusal?.scope, .address)
        XCTAssertTrue((3500...3600).contains(refusal?.retryAfter ?? 0), "\(String(describing: refusal))")
        let elsewhere = try await Self.search(gateway, "elsewhere", payer: CallPayer(install: nil, address: "198.51.100.9"))
        XCTAssertEqual(elsewhere.status, .miss)
        await assertShareSpent(gateway, "mine", payer: greedy, scope: .address)
    }

    func testNoPayerAndNoBudgetMeanNoShare() async throws {
        var settings = GatewaySettings()
        settings.sharePercent = 10
        XCTAssertNil(settings.callsPerPayer, "no budget, no share")
        settings.callsPerHour = 5
        XCTAssertEqual(settings.callsPerPayer, 1, "at least one call")
        settings.callsPerHour = 50
        XCTAssertEqual(settings.callsPerPayer, 5)
        settings.sharePercent = 0
        XCTAssertNil(settings.callsPerPayer, "0: no share")
        settings.sharePercent = 10
        settings.callsPerHour = Int.max
        XCTAssertEqual(settings.callsPerPayer, Int.max / 100 * 10, "no overflow")
        XCTAssertEqual(settings.callsPerAddress, Int.max / 100 * 10 * 3)
        settings.sharesPerAddress = 1_000
        XCTAssertEqual(settings.callsPerAddress, Int.max, "no overflow: at most the budget")
        settings.sharesPerAddress = 3
        settings.callsPerHour = 5
        XCTAssertEqual(settings.callsPerAddress, 3, "3 shares of 1 call")
        settings.sharesPerAddress = 10
        XCTAssertEqual(settings.callsPerAddress, 5, "at most the budget")
        settings.sharePercent = 0
        XCTAssertNil(settings.callsPerAddress, "no share, no bound")
        settings.sharePercent = 10
        settings.sharesPerAddress = 3

        settings.callsPerHour = 10
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings)
        for words in ["a", "b", "c"] {
            let answer = try await gateway.search(SearchRequest(query: words, offset: 0, limit: 10)).value()
            XCTAssertEqual(answer.status, .miss, "calls charged to no one (the spotlight, decks) take from the budget alone")
        }
    }
}

/// A response cache with nothing in it whose reads wait, while held, until released.
final class HeldCacheStore: ResponseCacheStore {
    private struct State {
        var held = false
        var waiting = false
        var latch = Latch()
    }

    private let state = Mutex(State())

    func hold() { state.withLock { $0 = State(held: true) } }
    func release() { state.withLock { $0.latch }.open() }
    var waiting: Bool { state.withLock { $0.waiting } }

    func answer(for key: String) async throws -> CachedAnswer? {
        let latch = state.withLock { state -> Latch? in
            guard state.held else { return nil }
            state.held = false
            state.waiting = true
            return state.latch
        }
        await latch?.wait()
        return nil
    }

    func store(_ answer: CachedAnswer, maxEntries: Int) async throws {}
    func touch(key: String, at date: Date) async throws {}
    func remove(key: String) async throws {}
    func purge(storedBefore date: Date) async throws {}
}
