import Primitives
import Model
import Gateway
import Foundation
@testable import Service
import Synchronization
import TestSupport
import XCTest

/// When each install was last used is written at most once a day, however many requests it
/// makes; installs unused for the idle days are deleted, with what memory holds of them, and an
/// install used within them never is.
final class InstallIdleExpiryTests: XCTestCase {
    private static let day: TimeInterval = 86_400

    private struct Installs {
        let store = MemoryInstallStore()
        let clock = TestClock()
        let bookkeeping = BookkeepingWrites()

        func service(idleDays: Int? = 180) -> InstallService {
            InstallService(store: store, creationLimits: .none, idleDays: idleDays, bookkeeping: bookkeeping, now: clock.now)
        }

        /// The installs named by each write of their uses so far.
        func writes() async -> [[InstallID]] {
            await bookkeeping.flush()
            return store.useWrites.withLock { $0 }
        }
    }

    private func token(_ made: NewInstall) throws -> InstallToken {
        try XCTUnwrap(InstallToken(Substring(made.token)))
    }

    private func use(_ service: InstallService, _ token: InstallToken, times: Int) async throws {
        for _ in 0..<times { _ = try await service.verify(token).value() }
    }

    func testAUseIsWrittenAtMostOnceADayHoweverManyRequests() async throws {
        let installs = Installs()
        let service = installs.service()
        let made = try await service.create(client: InstallClient(address: "a", network: "n"))
        let token = try token(made)
        try await use(service, token, times: 100)
        let sameDay = await installs.writes()
        XCTAssertEqual(sameDay, [], "made today: its use needs no write")

        installs.clock.advance(by: Self.day)
        try await use(service, token, times: 100)
        installs.clock.advance(by: Self.day / 2)
        try await use(service, token, times: 100)
        let nextDay = await installs.writes()
        XCTAssertEqual(nextDay, [[made.install]], "one write for 200 requests within a day")
        let stored = try await installs.store.find(made.install)
        XCTAssertEqual(stored?.lastUsed, installs.clock.now().addingTimeInterval(-Self.day / 2))

        // Another instance (or a restart) reads the last use with the token: no write before a day from it.
        let restarted = installs.service()
        try await use(restarted, token, times: 50)
        let afterRestart = await installs.writes()
        XCTAssertEqual(afterRestart.count, 1)
        installs.clock.advance(by: Self.day / 2)
        try await use(restarted, token, times: 50)
        let dayAfter = await installs.writes()
        XCTAssertEqual(dayAfter, [[made.install], [made.install]])
    }

    /// Many installs due at once are written in a few statements, not one each.
    func testUsesDueTogetherAreWrittenTogether() async throws {
        let installs = Installs()
        let service = installs.service()
        var tokens: [InstallToken] = []
        for index in 0..<40 {
            tokens.append(try token(try await service.create(client: InstallClient(address: "a\(index)", network: "n"))))
        }
        installs.clock.advance(by: Self.day)
        // The writer is held up behind a slow write, as on a busy database: the uses gather meanwhile.
        let latch = Latch()
        installs.bookkeeping.later(.searchHistory) { await latch.wait() }
        for token in tokens { _ = try await service.verify(token).value() }
        latch.open()
        let writes = await installs.writes()
        XCTAssertEqual(writes.count, 1, "\(writes.count) writes")
        XCTAssertEqual(Set(writes.joined()), Set(tokens.map(\.install)))
    }

    func testIdleInstallsAreDeletedAndUsedOnesStay() async throws {
        let installs = Installs()
        let service = installs.service(idleDays: 180)
        let idle = try token(try await service.create(client: InstallClient(address: "a", network: "n")))
        let used = try token(try await service.create(client: InstallClient(address: "b", network: "n")))
        installs.clock.advance(by: 100 * Self.day)
        _ = try await service.verify(used).value()
        // The used one 80.5 days ago, the idle one 180.5 days ago: within a day of its last
        // written use, it stays (its last use may not have been written yet).
        installs.clock.advance(by: 80.5 * Self.day)
        var forgotten: [InstallID] = []
        let early = try await service.expireIdle { forgotten += $0 }
        XCTAssertEqual(early, 0)
        installs.clock.advance(by: Self.day)
        let deleted = try await service.expireIdle { forgotten += $0 }
        XCTAssertEqual(deleted, 1)
        XCTAssertEqual(forgotten, [idle.install], "the caller is told which, to forget them too")
        do {
            _ = try await service.verify(idle).value()
            XCTFail("the idle install's token still opens it")
        } catch InstallError.unknownToken {}
        let stillOpens = try await service.verify(used).value()
        XCTAssertEqual(stillOpens, used.install)
        let local = try await installs.store.find(.local)
        XCTAssertNotNil(local, "the local install is never deleted")
    }

    func testNoIdleDaysDeletesNothing() async throws {
        let installs = Installs()
        let service = installs.service(idleDays: nil)
        _ = try await service.create(client: InstallClient(address: "a", network: "n"))
        installs.clock.advance(by: 10_000 * Self.day)
        let deleted = try await service.expireIdle()
        XCTAssertEqual(deleted, 0)
        let count = try await service.count()
        XCTAssertEqual(count, 1)
    }
}
