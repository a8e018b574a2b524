import Foundation
import Model
@testable import Service
import Synchronization
import XCTest

/// What a deck session remembers: the latest 200 ids, for an hour after its last use.
final class DeckSessionsTests: XCTestCase {
    func testTheLatest200AreRememberedForAnHourAfterLastUse() {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let sessions = DeckSessions(now: { clock.withLock { $0 } })
        sessions.record((0..<150).map { "a\($0)" }, in: "s", install: .local)
        sessions.record((0..<100).map { "b\($0)" }, in: "s", install: .local)
        let shown = sessions.shown(in: "s", install: .local)
        XCTAssertEqual(shown.count, 200)
        XCTAssertFalse(shown.contains("a49"), "the oldest are forgotten")
        XCTAssertTrue(shown.contains("a50") && shown.contains("b99"))
        XCTAssertEqual(sessions.shown(in: "other", install: .local), [])

        clock.withLock { $0.addTimeInterval(3599) }
        XCTAssertEqual(sessions.shown(in: "s", install: .local).count, 200, "still within the hour")
        sessions.record(["c"], in: "s", install: .local)
        clock.withLock { $0.addTimeInterval(3599) }
        XCTAssertEqual(sessions.shown(in: "s", install: .local).count, 200, "use renews the hour")
        clock.withLock { $0.addTimeInterval(2) }
        XCTAssertEqual(sessions.shown(in: "s", install: .local), [], "expired an hour after its last use")
        sessions.record(["d"], in: "s", install: .local)
        XCTAssertEqual(sessions.shown(in: "s", install: .local), ["d"], "an expired session starts afresh")
    }

    /// At most `capacity` sessions: past it the least recently recorded goes, not one recorded since.
    func testTheLeastRecentlyRecordedSessionGoesPastTheCapacity() {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let sessions = DeckSessions(now: { clock.withLock { $0 } })
        for number in 0..<DeckSessions.capacity {
            sessions.record(["x"], in: "s\(number)", install: .local)
            clock.withLock { $0.addTimeInterval(0.001) }
        }
        sessions.record(["again"], in: "s0", install: .local)
        sessions.record(["new"], in: "extra", install: .local)
        XCTAssertEqual(sessions.shown(in: "s0", install: .local), ["x", "again"], "recorded since: stays")
        XCTAssertEqual(sessions.shown(in: "s1", install: .local), [], "the least recently recorded went")
        XCTAssertEqual(sessions.shown(in: "s2", install: .local), ["x"])
        XCTAssertEqual(sessions.shown(in: "extra", install: .local), ["new"])
    }

    func testForgettingAnInstallDropsItsSessionsOnly() {
        let sessions = DeckSessions()
        let gone = InstallID(unchecked: String(repeating: "7", count: 32)), other = InstallID.local
        for install in [gone, other] { sessions.record(["a"], in: "s", install: install) }
        sessions.record(["b"], in: "t", install: gone)
        sessions.forget([gone])
        XCTAssertEqual(sessions.shown(in: "s", install: gone), [])
        XCTAssertEqual(sessions.shown(in: "t", install: gone), [])
        XCTAssertEqual(sessions.shown(in: "s", install: other), ["a"])
    }

    func testNewIDsAre32HexDigitsAndDiffer() {
        let first = DeckSessions.newID()
        XCTAssertEqual(first.count, 32)
        XCTAssertTrue(first.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(first, DeckSessions.newID())
    }
}
