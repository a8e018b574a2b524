import Primitives
import Model
import Gateway
import Foundation
import Synchronization
@testable import Service
import TestSupport
import XCTest

/// A token whose install memory holds is checked without the store and without waiting
/// (`verify` answers ready): its secret's hash compared, its use written at most once a
/// day however many requests race, a wrong secret and a deleted install refused at once.
final class InstallKeptCheckTests: XCTestCase {
    private static let day: TimeInterval = 86_400

    private let store = MemoryInstallStore()
    private let clock = TestClock()
    private let bookkeeping = BookkeepingWrites()

    private func service() -> InstallService {
        InstallService(store: store, creationLimits: .none, bookkeeping: bookkeeping, now: clock.now)
    }

    private func writes() async -> [[InstallID]] {
        await bookkeeping.flush()
        return store.useWrites.withLock { $0 }
    }

    func testAKeptInstallIsCheckedFromMemoryAndAWrongSecretRefused() async throws {
        let service = service()
        let made = try await service.create(client: InstallClient(address: "a", network: "n"))
        let token = try XCTUnwrap(InstallToken(Substring(made.token)))
        XCTAssertEqual(try service.verify(token).readyValue, made.install, "made here: kept")
        let forged = try XCTUnwrap(InstallToken(Substring(made.install.rawValue + "." + String(repeating: "A", count: 43))))
        XCTAssertThrowsError(try service.verify(forged).readyValue) { XCTAssertEqual($0 as? InstallError, .unknownToken) }
        let elsewhere = try XCTUnwrap(InstallToken(Substring(String(repeating: "ab", count: 16) + "." + String(repeating: "A", count: 43))))
        XCTAssertNil(try service.verify(elsewhere).readyValue, "not kept: the store must be read")

        try await service.delete(presenting: token)
        XCTAssertNil(try service.verify(token).readyValue, "deleted: no longer kept")
        do {
            _ = try await service.verify(token).value()
            XCTFail("a deleted install's token still opens it")
        } catch InstallError.unknownToken {}
    }

    /// Uses seen from memory are written as those read from the store are: none the day the install
    /// was made, one the day after however many requests, from every task at once.
    func testAKeptInstallsUseIsWrittenOnceADayHoweverManyRequestsRace() async throws {
        let service = service()
        let made = try await service.create(client: InstallClient(address: "a", network: "n"))
        let token = try XCTUnwrap(InstallToken(Substring(made.token)))
        for _ in 0..<100 { XCTAssertEqual(try service.verify(token).readyValue, made.install) }
        let sameDay = await writes()
        XCTAssertEqual(sameDay, [])

        clock.advance(by: Self.day)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<200 { _ = try service.verify(token).readyValue } }
            }
            try await group.waitForAll()
        }
        clock.advance(by: Self.day / 2)
        for _ in 0..<100 { _ = try service.verify(token).readyValue }
        let nextDay = await writes()
        XCTAssertEqual(nextDay, [[made.install]], "one write for 1,700 requests within a day")

        clock.advance(by: Self.day / 2)
        _ = try service.verify(token).readyValue
        let dayAfter = await writes()
        XCTAssertEqual(dayAfter, [[made.install], [made.install]])
    }

    /// A request that found the use due, then lost the race to another that claimed it between its
    /// lookup and its claim, asks for no second write: the claim is seen due again under the lock.
    func testAUseClaimedByAnotherRequestMeanwhileIsNotAskedForAgain() async throws {
        // The other request runs inside the first one's clock read, after its lookup.
        let meanwhile = Mutex<(@Sendable () -> Void)?>(nil)
        let clock = self.clock
        let service = InstallService(store: store, creationLimits: .none, bookkeeping: bookkeeping) {
            if let other = meanwhile.withLock({ pending in defer { pending = nil }; return pending }) { other() }
            return clock.now()
        }
        let made = try await service.create(client: InstallClient(address: "a", network: "n"))
        let token = try XCTUnwrap(InstallToken(Substring(made.token)))
        clock.advance(by: Self.day)
        meanwhile.withLock { $0 = { XCTAssertEqual(try? service.verify(token).readyValue, made.install) } }
        XCTAssertEqual(try service.verify(token).readyValue, made.install)
        XCTAssertNil(meanwhile.withLock { $0 }, "the other request ran")
        let writes = await writes()
        XCTAssertEqual(writes, [[made.install]], "one install asked for once")
    }
}
