import Gateway
import Foundation
import PostgreSQL
import Service
import Model
import Storage
import TestSupport
import XCTest

/// Every store's rules on both databases: the same calls give the same answers on SQLite's file
/// and on PostgreSQL (a throwaway cluster, TestSupport's: skipped without one, failing under
/// CI=true). "Two instances" are two `Stores` opened on the same database.
final class StoresOnBothDatabasesTests: XCTestCase {

    private static let other = InstallID("0123456789abcdef0123456789abcdef")!
    private static let deleted = InstallID("fedcba9876543210fedcba9876543210")!

    private func favorite(_ id: String, at seconds: TimeInterval = 0) -> FavoriteRecord {
        FavoriteRecord(id: id, snapshot: Data(#"{"id":"\#(id)"}"#.utf8), addedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    private func makeInstall(_ install: InstallID, in stores: Stores) async throws {
        try await stores.installs.create(InstallRecord(id: install, tokenHash: Array(repeating: 7, count: 32), createdAt: Date()))
    }

    func testFavoritesAreKeptPerInstallWithTheCap() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let favorites = stores.favorites
            try await makeInstall(Self.other, in: stores)
            let first = try await favorites.insertIfRoom(favorite("a", at: 1), limit: 2, install: .local)
            XCTAssertEqual(first, .inserted, backend.name)
            let again = try await favorites.insertIfRoom(favorite("a", at: 9), limit: 2, install: .local)
            XCTAssertEqual(again, .alreadyPresent(favorite("a", at: 1)), backend.name)
            _ = try await favorites.insertIfRoom(favorite("b", at: 2), limit: 2, install: .local)
            let full = try await favorites.insertIfRoom(favorite("c", at: 3), limit: 2, install: .local)
            XCTAssertEqual(full, .full, backend.name)
            let elsewhere = try await favorites.insertIfRoom(favorite("c", at: 3), limit: 2, install: Self.other)
            XCTAssertEqual(elsewhere, .inserted, "\(backend.name): the cap counts per install")
            let nowhere = try await favorites.insertIfRoom(favorite("d"), limit: 2, install: Self.deleted)
            XCTAssertEqual(nowhere, .noSuchInstall, backend.name)

            let listed = try await favorites.list(install: .local).map(\.id)
            XCTAssertEqual(listed, ["b", "a"], "\(backend.name): newest first")
            let ids = try await favorites.ids(install: Self.other)
            XCTAssertEqual(ids, ["c"], backend.name)
            let found = try await favorites.find(id: "c", install: .local)
            XCTAssertNil(found, "\(backend.name): another install's favorite is not found")
            let removedElsewhere = try await favorites.remove(id: "c", install: .local)
            XCTAssertFalse(removedElsewhere, backend.name)
            let removed = try await favorites.remove(id: "a", install: .local)
            XCTAssertTrue(removed, backend.name)
            let count = try await favorites.ids(install: .local).count
            let total = try await favorites.totalCount()
            XCTAssertEqual(count, 1, backend.name)
            XCTAssertEqual(total, 2, backend.name)
        }
    }

    /// Two instances (two `Stores` on one database) racing for the last places of one install:
    /// exactly the cap, never more.
    func testRacingAddsFromTwoInstancesStopAtTheCap() async throws {
        for backend in try bothDatabases() {
            let instances = [try opened(backend), try opened(backend)]
            try await makeInstall(Self.other, in: instances[0])
            let outcomes = try await withThrowingTaskGroup(of: FavoriteInsertOutcome.self) { group in
                for index in 0..<30 {
                    let favorites = instances[index % 2].favorites
                    let record = favorite("race\(index)", at: Double(index))
                    group.addTask { try await favorites.insertIfRoom(record, limit: 20, install: Self.other) }
                    group.addTask { try await favorites.insertIfRoom(record, limit: 20, install: .local) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(outcomes.filter { $0 == .inserted }.count, 40, backend.name)
            XCTAssertEqual(outcomes.filter { $0 == .full }.count, 20, backend.name)
            for install in [Self.other, InstallID.local] {
                let count = try await instances[1].favorites.ids(install: install).count
                XCTAssertEqual(count, 20, "\(backend.name) \(install)")
            }
        }
    }

    func testSearchHistoryIsKeptPerInstall() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let history = stores.searchHistory
            try await makeInstall(Self.other, in: stores)
            for (index, query) in ["cats", "dogs", "Cats", "owls"].enumerated() {
                try await history.record(query, at: Date(timeIntervalSince1970: Double(index)), keepingNewest: 2, install: .local)
            }
            try await history.record("birds", at: Date(), keepingNewest: 2, install: Self.other)
            try await history.record("ghost", at: Date(), keepingNewest: 2, install: Self.deleted)
            let local = try await history.list(containing: nil, install: .local).map(\.query)
            XCTAssertEqual(local, ["owls", "Cats"], "\(backend.name): newest first, case folded, trimmed")
            let matching = try await history.list(containing: "CA", install: .local).map(\.query)
            XCTAssertEqual(matching, ["Cats"], backend.name)
            try await history.clear(install: .local)
            let cleared = try await history.list(containing: nil, install: .local)
            let kept = try await history.list(containing: nil, install: Self.other).map(\.query)
            XCTAssertEqual(cleared, [], backend.name)
            XCTAssertEqual(kept, ["birds"], backend.name)
        }
    }

    func testDeletingAnInstallDeletesEverythingKeptForIt() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            try await makeInstall(Self.other, in: stores)
            let installs = try await stores.installs.count()
            XCTAssertEqual(installs, 1, "\(backend.name): the local install is not counted")
            let found = try await stores.installs.find(Self.other)
            XCTAssertEqual(found?.tokenHash, Array(repeating: 7, count: 32), backend.name)
            let local = try await stores.installs.find(.local)
            XCTAssertNotNil(local, backend.name)
            XCTAssertNil(local?.tokenHash, "\(backend.name): no token opens the local install")
            _ = try await stores.favorites.insertIfRoom(favorite("a"), limit: 20, install: Self.other)
            try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 5, install: Self.other)
            try await stores.installIdentity.saveIdentity("rid-1", named: "giphy_random_id", install: Self.other)
            let identity = try await stores.installIdentity.identity(named: "giphy_random_id", install: Self.other)
            XCTAssertEqual(identity, "rid-1", backend.name)

            let deleted = try await stores.installs.delete(Self.other)
            XCTAssertTrue(deleted, backend.name)
            let deletedAgain = try await stores.installs.delete(Self.other)
            XCTAssertFalse(deletedAgain, backend.name)
            let favorites = try await stores.favorites.totalCount()
            let history = try await stores.searchHistory.list(containing: nil, install: Self.other)
            let identityAfter = try await stores.installIdentity.identity(named: "giphy_random_id", install: Self.other)
            let gone = try await stores.installs.find(Self.other)
            XCTAssertEqual(favorites, 0, backend.name)
            XCTAssertEqual(history, [], backend.name)
            XCTAssertNil(identityAfter, backend.name)
            XCTAssertNil(gone, backend.name)
        }
    }

    /// A use is kept when later than the one stored; the installs used before a date are deleted
    /// with everything kept for them, a batch at a time, never the local one.
    func testUnusedInstallsAreDeletedWithEverythingKeptForThem() async throws {
        let day: TimeInterval = 86_400
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let installs = (0..<5).map { InstallID(String(repeating: "\($0)", count: 32))! }
            for install in installs {
                try await stores.installs.create(InstallRecord(id: install, tokenHash: Array(repeating: 7, count: 32), createdAt: start))
                _ = try await stores.favorites.insertIfRoom(favorite("fav-\(install.rawValue.prefix(1))"), limit: 20, install: install)
                try await stores.searchHistory.record("cats", at: start, keepingNewest: 5, install: install)
                try await stores.installIdentity.saveIdentity("rid", named: "giphy_random_id", install: install)
            }
            let made = try await stores.installs.find(installs[0])
            XCTAssertEqual(made?.lastUsed, start, "\(backend.name): a new install was last used when made")
            try await stores.installs.recordUse([installs[3], installs[4], Self.deleted], at: start.addingTimeInterval(10 * day))
            try await stores.installs.recordUse([installs[4]], at: start.addingTimeInterval(5 * day))
            let kept = try await stores.installs.find(installs[4])
            XCTAssertEqual(kept?.lastUsed, start.addingTimeInterval(10 * day), "\(backend.name): an earlier use changes nothing")

            // Everything the local install holds stays, however long unused.
            _ = try await stores.favorites.insertIfRoom(favorite("local"), limit: 20, install: .local)
            let before = start.addingTimeInterval(day)
            let first = try await stores.installs.deleteUnused(before: before, limit: 2)
            let second = try await stores.installs.deleteUnused(before: before, limit: 2)
            let none = try await stores.installs.deleteUnused(before: before, limit: 2)
            XCTAssertEqual(first.count, 2, backend.name)
            XCTAssertEqual(Set(first + second), Set(installs.prefix(3)), "\(backend.name): the three unused since the day they were made")
            XCTAssertEqual(none, [], backend.name)
            for install in installs.prefix(3) {
                let gone = try await stores.installs.find(install)
                let history = try await stores.searchHistory.list(containing: nil, install: install)
                let identity = try await stores.installIdentity.identity(named: "giphy_random_id", install: install)
                XCTAssertNil(gone, backend.name)
                XCTAssertEqual(history, [], backend.name)
                XCTAssertNil(identity, backend.name)
            }
            let favorites = try await stores.favorites.totalCount()
            XCTAssertEqual(favorites, 3, "\(backend.name): the used installs' and the local one's")
            let count = try await stores.installs.count()
            XCTAssertEqual(count, 2, backend.name)
            let everything = try await stores.installs.deleteUnused(before: start.addingTimeInterval(100_000 * day), limit: 10)
            XCTAssertEqual(Set(everything), Set(installs.suffix(2)), "\(backend.name): never the local install")
            let local = try await stores.installs.find(.local)
            XCTAssertNotNil(local, backend.name)
        }
    }

    /// The fleet's shared tables: an answer, a call or a pick stored through one instance is
    /// read through the other.
    func testTheCacheTheCallLogAndTheSpotlightAreShared() async throws {
        for backend in try bothDatabases() {
            let (one, two) = (try opened(backend), try opened(backend))
            let stored = CachedAnswer(key: "search|cat", value: Data("page".utf8), storedAt: Date(timeIntervalSince1970: 1_000))
            try await one.responseCache.store(stored, maxEntries: 2)
            let read = try await two.responseCache.answer(for: "search|cat")
            XCTAssertEqual(read, stored, backend.name)
            try await two.responseCache.store(CachedAnswer(key: "b", value: Data(), storedAt: Date(timeIntervalSince1970: 1_001)), maxEntries: 2)
            try await one.responseCache.touch(key: "search|cat", at: Date(timeIntervalSince1970: 1_002))
            try await one.responseCache.store(CachedAnswer(key: "c", value: Data(), storedAt: Date(timeIntervalSince1970: 1_003)), maxEntries: 2)
            let evicted = try await two.responseCache.answer(for: "b")
            XCTAssertNil(evicted, "\(backend.name): the least recently used goes first")
            try await two.responseCache.purge(storedBefore: Date(timeIntervalSince1970: 1_003))
            let purged = try await one.responseCache.answer(for: "search|cat")
            XCTAssertNil(purged, backend.name)
            try await one.responseCache.remove(key: "c")
            let removed = try await two.responseCache.answer(for: "c")
            XCTAssertNil(removed, "\(backend.name): one answer deleted by its key")

            let hour = Date(timeIntervalSince1970: 10_000)
            try await one.callLog(for: "giphy").record(at: hour, forgetBefore: hour.addingTimeInterval(-3600))
            try await two.callLog(for: "giphy").record(at: hour.addingTimeInterval(1), forgetBefore: hour.addingTimeInterval(-3599))
            try await two.callLog(for: "unsplash").record(at: hour.addingTimeInterval(2), forgetBefore: hour.addingTimeInterval(-3598))
            let calls = try await one.callLog(for: "giphy").calls(since: hour.addingTimeInterval(-3600))
            XCTAssertEqual(calls.count, 2, "\(backend.name): one budget, counted by both instances")

            let pick = StoredSpotlight(key: "giphy|dogs", item: Data("{}".utf8), pickedAt: hour, changesAt: hour.addingTimeInterval(600))
            try await one.spotlight.save(pick, forgettingChangedBefore: hour)
            let picked = try await two.spotlight.pick(for: "giphy|dogs")
            XCTAssertEqual(picked, pick, backend.name)
        }
    }

    /// A new spotlight pick is claimed: while the stored one is not due, another instance's claim
    /// gets the stored one back; once it is due, the next claim holds.
    func testASpotlightPickIsClaimedOnceForEveryInstance() async throws {
        for backend in try bothDatabases() {
            let (one, two) = (try opened(backend), try opened(backend))
            let start = Date(timeIntervalSince1970: 50_000)
            func pick(_ name: String, at seconds: Double) -> StoredSpotlight {
                StoredSpotlight(key: "giphy|", item: Data(name.utf8), pickedAt: start.addingTimeInterval(seconds),
                                changesAt: start.addingTimeInterval(seconds + 600))
            }
            let first = try await one.spotlight.claim(pick("first", at: 0), forgettingChangedBefore: start.addingTimeInterval(-86_400))
            XCTAssertEqual(first, pick("first", at: 0), backend.name)
            let late = try await two.spotlight.claim(pick("second", at: 10), forgettingChangedBefore: start.addingTimeInterval(-86_400))
            XCTAssertEqual(late, pick("first", at: 0), "\(backend.name): the pick not yet due holds")
            let next = try await two.spotlight.claim(pick("third", at: 600), forgettingChangedBefore: start.addingTimeInterval(-86_400))
            XCTAssertEqual(next, pick("third", at: 600), "\(backend.name): a due pick is replaced")
            let read = try await one.spotlight.pick(for: "giphy|")
            XCTAssertEqual(read, pick("third", at: 600), backend.name)
        }
    }

    /// The budget's take, one step on either database: the calls in the window counted, the
    /// oldest named when none is left, calls before the window forgotten, each provider apart.
    func testTheCallBudgetIsTakenInOneStep() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let log = stores.callLog(for: "giphy")
            let start = Date(timeIntervalSince1970: 20_000)
            func take(at seconds: Double) async throws -> CallTaken {
                try await log.take(at: start.addingTimeInterval(seconds), limit: 2, since: start.addingTimeInterval(seconds - 3_600))
            }
            let first = try await take(at: 0), second = try await take(at: 10), third = try await take(at: 20)
            XCTAssertEqual([first, second], [.taken, .taken], backend.name)
            XCTAssertEqual(third, .exhausted(oldest: start), "\(backend.name): the oldest call in the window")
            let later = try await take(at: 3_601)
            XCTAssertEqual(later, .taken, "\(backend.name): the first call left the window")
            let photos = try await stores.callLog(for: "unsplash").take(at: start.addingTimeInterval(20), limit: 2, since: start)
            XCTAssertEqual(photos, .taken, "\(backend.name): each provider has its own budget")
            let none = try await stores.callLog(for: "none").take(at: start, limit: 0, since: start)
            XCTAssertEqual(none, .exhausted(oldest: start), "\(backend.name): a limit of 0 with no call logged")
        }
    }

    /// A payer's share, taken in the same step: its calls counted apart from others', its oldest
    /// named when it has had its share, the budget told before it; what is logged is read back
    /// with its payer (a restart's budget in memory).
    func testAPayersShareIsTakenInTheSameStep() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let log = stores.callLog(for: "giphy")
            let start = Date(timeIntervalSince1970: 30_000)
            func take(_ payer: String, at seconds: Double, limit: Int = 4) async throws -> CallTaken {
                try await log.take(at: start.addingTimeInterval(seconds), limit: limit, since: start.addingTimeInterval(seconds - 3_600),
                                   share: PayerShare(payer: payer, limit: 1))
            }
            let greedy = try await take("address:203.0.113.7", at: 0)
            let refused = try await take("address:203.0.113.7", at: 10)
            let other = try await take("install:abc", at: 20)
            XCTAssertEqual([greedy, other], [.taken, .taken], backend.name)
            XCTAssertEqual(refused, .shareSpent(oldest: start), "\(backend.name): the payer's oldest call")
            let spent = try await take("address:198.51.100.9", at: 30, limit: 2)
            XCTAssertEqual(spent, .exhausted(oldest: start), "\(backend.name): the budget is told first")
            let later = try await take("address:203.0.113.7", at: 3_601)
            XCTAssertEqual(later, .taken, "\(backend.name): its call left the window")
            let logged = try await log.loggedCalls(since: start)
            XCTAssertEqual(logged.map(\.payer), ["install:abc", "address:203.0.113.7"], backend.name)
        }
    }

    /// An address's bound, taken in the same step: the calls of every payer from one address are
    /// counted together, its oldest named when they reach the bound (after the budget and the
    /// payer's own share); what is logged is read back with its address.
    func testAnAddressIsBoundInTheSameStep() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let log = stores.callLog(for: "giphy")
            let start = Date(timeIntervalSince1970: 30_000)
            let address = "address:203.0.113.7"
            func take(_ payer: String, from address: String, at seconds: Double) async throws -> CallTaken {
                try await log.take(at: start.addingTimeInterval(seconds), limit: 10, since: start.addingTimeInterval(seconds - 3_600),
                                   share: PayerShare(payer: payer, limit: 2, address: address, addressLimit: 3))
            }
            let taken = [try await take("install:a", from: address, at: 0), try await take("install:a", from: address, at: 1),
                         try await take("install:b", from: address, at: 2)]
            XCTAssertEqual(taken, [.taken, .taken, .taken], backend.name)
            let ownShare = try await take("install:a", from: address, at: 3)
            XCTAssertEqual(ownShare, .shareSpent(oldest: start), "\(backend.name): the payer's own share is told first")
            let bound = try await take("install:c", from: address, at: 4)
            XCTAssertEqual(bound, .addressSpent(oldest: start), "\(backend.name): a new install of the address, past its bound")
            let byAddress = try await take(address, from: address, at: 5)
            XCTAssertEqual(byAddress, .addressSpent(oldest: start), "\(backend.name): the address without a token too")
            let elsewhere = try await take("install:c", from: "address:198.51.100.9", at: 6)
            XCTAssertEqual(elsewhere, .taken, "\(backend.name): the same install from another address")
            let later = try await take("install:d", from: address, at: 3_601)
            XCTAssertEqual(later, .taken, "\(backend.name): the address's oldest call left the window")
            let logged = try await log.loggedCalls(since: start)
            XCTAssertEqual(logged.map(\.address), [address, address, "address:198.51.100.9", address], backend.name)
            XCTAssertEqual(logged.map(\.payer), ["install:a", "install:b", "install:c", "install:d"], backend.name)
        }
    }

    /// Two instances taking from one budget at once: exactly the limit, never more.
    func testRacingTakesFromTwoInstancesStopAtTheLimit() async throws {
        for backend in try bothDatabases() {
            let instances = [try opened(backend), try opened(backend)]
            let now = Date(timeIntervalSince1970: 30_000)
            let outcomes = try await withThrowingTaskGroup(of: CallTaken.self) { group in
                for index in 0..<30 {
                    let log = instances[index % 2].callLog(for: "giphy")
                    group.addTask { try await log.take(at: now, limit: 10, since: now.addingTimeInterval(-3_600)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(outcomes.filter { $0 == .taken }.count, 10, backend.name)
        }
    }

    /// PostgreSQL: a favorite added through one instance makes the other's favorites store report
    /// a change (its `replacements`), so that instance reads them again. Prints the delay's median
    /// and 99th percentile over 50 changes, from the start of each write; the test asserts that
    /// each is heard, not how soon (a 100 ms bound failed under TSan on a loaded machine: 107 ms).
    /// bench/fleet.sh measures the delay.
    func testAChangeThroughOneInstanceIsHeardByTheOther() async throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("PostgreSQL is not available here") }
        let one = try Stores.open(url: url, poolSize: 2), two = try Stores.open(url: url, poolSize: 2)
        addTeardownBlock {
            await one.close()
            await two.close()
        }
        // The listener connects on a thread of its own: wait until it hears a first change.
        let probe = two.favorites.replacements
        _ = try await one.favorites.insertIfRoom(favorite("probe"), limit: 100, install: .local)
        try await waitUntil("the listener hears") { two.favorites.replacements > probe }

        // Each add announces once: the index-th add is heard when the count passes base + index.
        let base = two.favorites.replacements
        var delays: [Double] = []
        for index in 0..<50 {
            // From the start of the write, which includes it: the announcement often arrives before
            // the writer's own call has returned.
            let started = ContinuousClock.now
            _ = try await one.favorites.insertIfRoom(favorite("heard\(index)"), limit: 100, install: .local)
            while two.favorites.replacements <= base + index {
                guard ContinuousClock.now - started < eventTimeout else { return XCTFail("change \(index) was not heard") }
                try await Task.sleep(for: .microseconds(100))
            }
            let delay = ContinuousClock.now - started
            delays.append(Double(delay.components.seconds) * 1000 + Double(delay.components.attoseconds) / 1e15)
        }
        delays.sort()
        let p50 = delays[delays.count / 2], p99 = delays[delays.count * 99 / 100]
        print("cross-instance change heard, from the start of the write (50 changes): p50 \(String(format: "%.2f", p50)) ms, p99 \(String(format: "%.2f", p99)) ms")
    }

    /// PostgreSQL stopped in the middle: calls fail at once as `StoreFailure.unavailable` (a quick
    /// 503 with Retry-After), and the same stores work again once it is back, without a restart.
    func testALostServerFailsFastAndTheStoresRecoverByThemselves() async throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("PostgreSQL is not available here") }
        let stores = try Stores.open(url: url, poolSize: 2)
        addTeardownBlock { await stores.close() }
        _ = try await stores.favorites.insertIfRoom(favorite("before"), limit: 20, install: .local)
        let cluster = try PostgreSQLCluster.running()
        try cluster.stop()
        var restarted = false
        defer { if !restarted { try? cluster.start() } }

        let clock = ContinuousClock()
        let started = clock.now
        do {
            _ = try await stores.favorites.insertIfRoom(favorite("during"), limit: 20, install: .local)
            XCTFail("a write with the server stopped succeeded")
        } catch let failure as StoreFailure {
            guard case .unavailable = failure else { return XCTFail("\(failure)") }
        }
        XCTAssertLessThan(clock.now - started, .seconds(2), "no call hangs while the server is gone")
        for _ in 0..<5 {
            await XCTAssertThrowsErrorAsync(try await stores.favorites.ids(install: .local).count)
        }

        try cluster.start()
        restarted = true
        let back = clock.now
        var recovered = false
        while clock.now - back < .seconds(5) {
            if (try? await stores.favorites.insertIfRoom(favorite("after"), limit: 20, install: .local)) != nil {
                recovered = true
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertTrue(recovered, "the stores work again within 5 s of the server's return")
        let listed = try await stores.favorites.list(install: .local).map(\.id)
        XCTAssertEqual(listed, ["after", "before"], "nothing acknowledged is lost; nothing refused is kept")
    }
}

/// XCTAssertThrowsError for an async expression.
private func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T,
                                          file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await expression()
        XCTFail("no error thrown", file: file, line: line)
    } catch {}
}
