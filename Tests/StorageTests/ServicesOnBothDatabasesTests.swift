import Primitives
import Foundation
import PostgreSQL
import Service
import Model
import Storage
import Synchronization
import TestSupport
import XCTest

/// The service's rules (favorites with their cap and memory, installs and tokens, the search
/// history) on the stores of both databases: SQLite's file, and PostgreSQL where a cluster runs
/// (TestSupport's; failing under CI=true without one). On PostgreSQL, two services on one
/// database stand for two instances: what one changes, the other sees. SQLite's file belongs to
/// one process, so there both are the same service.
final class ServicesOnBothDatabasesTests: XCTestCase {

    func testFavoritesKeepTheirRulesAndTwoInstancesAgree() async throws {
        for backend in try bothDatabases() {
            let one = try opened(backend)
            let installs = InstallService(store: one.installs, creationLimits: .none)
            let mine = try await installs.create(client: InstallClient(address: "test", network: "test")).install
            let provider = ScriptedProvider(items: ["a", "b", "c"].map { makeItem($0) })
            let here = makeMemoryBackend(provider: provider, favoritesLimit: 2, favoritesStore: one.favorites).favorites
            let there = backend.isShared
                ? makeMemoryBackend(provider: provider, favoritesLimit: 2, favoritesStore: try opened(backend).favorites).favorites : here
            let a = try XCTUnwrap(ItemID("a")), b = try XCTUnwrap(ItemID("b")), c = try XCTUnwrap(ItemID("c"))

            _ = try await here.add(id: a, install: mine)
            // The other instance reads (and remembers) the install's favorites...
            let seenThere = try await there.markings(install: mine).value().ids
            XCTAssertEqual(seenThere, ["a"], backend.name)
            // ...then this one adds a second: the other must not answer from what it remembered.
            _ = try await here.add(id: b, install: mine)
            try await eventually("\(backend.name): the other instance lists both") {
                (try? await there.listing(install: mine).value().favorites.map(\.id)) == ["b", "a"]
            }
            do {
                _ = try await there.add(id: c, install: mine)
                XCTFail("\(backend.name): a third favorite went past the cap of 2")
            } catch {
                XCTAssertEqual(error, .favoritesFull(limit: 2), backend.name)
            }
            let again = try await there.add(id: a, install: mine)
            XCTAssertEqual(again.favorite.id, "a", backend.name)
            guard case .alreadyExisted = again else { return XCTFail("\(backend.name): \(again)") }
            let local = try await there.listing(install: .local).value().favorites
            XCTAssertEqual(local, [], "\(backend.name): another install's favorites are its own")
            try await there.remove(id: a, install: mine)
            do {
                try await here.remove(id: a, install: mine)
                XCTFail("\(backend.name): removed twice")
            } catch {
                XCTAssertEqual(error.kind, .favoriteNotFound, backend.name)
            }
        }
    }

    func testATokenOpensItsInstallUntilDeletedThroughEitherInstance() async throws {
        for backend in try bothDatabases() {
            let one = try opened(backend)
            let here = InstallService(store: one.installs, creationLimits: .none)
            let there = backend.isShared ? InstallService(store: try opened(backend).installs, creationLimits: .none) : here
            let made = try await here.create(client: InstallClient(address: "test", network: "test"))
            let token = try XCTUnwrap(InstallToken(Substring(made.token)))
            let opened = try await there.verify(token).value()
            XCTAssertEqual(opened, made.install, backend.name)
            let forged = try XCTUnwrap(InstallToken(Substring(made.install.rawValue + "." + String(repeating: "A", count: 43))))
            do {
                _ = try await there.verify(forged).value()
                XCTFail("\(backend.name): a wrong secret opened the install")
            } catch InstallError.unknownToken {}

            _ = try await one.favorites.insertIfRoom(FavoriteRecord(snapshotOf: makeItem("kept"), addedAt: Date()), limit: 20, install: made.install)
            try await here.delete(presenting: token)
            try await eventually("\(backend.name): the other instance refuses the deleted token") {
                (try? await there.verify(token).value()) == nil
            }
            let left = try await one.favorites.ids(install: made.install).count
            XCTAssertEqual(left, 0, "\(backend.name): the install's favorites went with it")
        }
    }

    /// An idle install deleted by one instance's sweep is refused by every instance, and its
    /// favorites are gone.
    func testAnIdleInstallDeletedByOneInstanceIsRefusedByTheOther() async throws {
        for backend in try bothDatabases() {
            let one = try opened(backend)
            let clock = Mutex(Date())
            let now: @Sendable () -> Date = { clock.withLock { $0 } }
            let here = InstallService(store: one.installs, creationLimits: .none, idleDays: 1, now: now)
            let there = backend.isShared
                ? InstallService(store: try opened(backend).installs, creationLimits: .none, idleDays: 1, now: now) : here
            let made = try await here.create(client: InstallClient(address: "test", network: "test"))
            let token = try XCTUnwrap(InstallToken(Substring(made.token)))
            _ = try await here.verify(token).value()
            _ = try await there.verify(token).value()
            _ = try await one.favorites.insertIfRoom(FavoriteRecord(snapshotOf: makeItem("kept"), addedAt: Date()), limit: 20, install: made.install)

            // Idle two days past its one: within a day of its last written use it would stay.
            clock.withLock { $0 = $0.addingTimeInterval(3 * 86_400) }
            let deleted = try await there.expireIdle()
            XCTAssertEqual(deleted, 1, backend.name)
            try await eventually("\(backend.name): the other instance refuses the idle install's token") {
                (try? await here.verify(token).value()) == nil
            }
            let left = try await one.favorites.ids(install: made.install).count
            XCTAssertEqual(left, 0, "\(backend.name): the install's favorites went with it")
        }
    }

    func testTheSearchHistoryKeepsItsRules() async throws {
        for backend in try bothDatabases() {
            let stores = try opened(backend)
            let history = SearchHistoryService(store: stores.searchHistory, limit: 3)
            for query in ["  cats ", "dogs", "CATS", "owls", "bats"] {
                _ = try await history.record(query, install: .local)
            }
            let listed = try await history.list(install: .local).map(\.query)
            XCTAssertEqual(listed, ["bats", "owls", "CATS"], "\(backend.name): trimmed, case folded, the newest 3")
            let matching = try await history.list(contains: "at", install: .local).map(\.query)
            XCTAssertEqual(matching, ["bats", "CATS"], backend.name)
            try await history.clear(install: .local)
            let cleared = try await history.list(install: .local)
            XCTAssertEqual(cleared, [], backend.name)
        }
    }
}

/// Polls `condition` until it holds, failing after `eventTimeout` (another instance hears a change
/// within milliseconds, but a sanitizer on a loaded machine can take seconds; SQLite's two services
/// share one file, so theirs holds at once).
private func eventually(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                        _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + eventTimeout
    while await !condition() {
        guard ContinuousClock.now < deadline else { return XCTFail("timed out waiting until \(what)", file: file, line: line) }
        try await Task.sleep(for: .milliseconds(2))
    }
}
