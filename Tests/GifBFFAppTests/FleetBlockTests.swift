import Foundation
import TestSupport
import XCTest

/// Issue 47: a block made through one instance of a fleet (two gif-bff processes on one
/// PostgreSQL database behind nginx) is applied by the other, by PostgreSQL's NOTIFY (within
/// milliseconds; without it, never: the other reads the blocks only at start-up); so is an unblock.
final class FleetBlockTests: XCTestCase {
    private let admin = "Authorization: Bearer \(ModerationTests.adminToken)"

    /// Polls `target` on `instance` until it answers `status`, and prints how long that took; a
    /// failure past `eventTimeout`. The event is asserted, not its delay: a 2 s bound is no margin
    /// for the sanitizers on a loaded machine, and bench/fleet.sh measures how soon.
    private func waitFor(_ status: Int, _ target: String, on instance: Int, in fleet: Fleet) throws {
        let clock = ContinuousClock()
        let start = clock.now
        while try fleet.send("GET", target, to: instance).status != status {
            guard clock.now - start < eventTimeout else {
                return XCTFail("\(target) on instance \(instance) did not answer \(status) within \(eventTimeout)")
            }
            usleep(10_000)
        }
        print("fleet block: \(target) answered \(status) by instance \(instance) after \(clock.now - start)")
    }

    func testABlockThroughOneInstanceIsAppliedByTheOther() throws {
        let fleet = try Fleet(self, flags: ["--admin-token", ModerationTests.adminToken])
        let id = try fleet.distinctTrendingIDs(count: 1)[0]
        // The other instance has the item and a page holding it in memory.
        XCTAssertEqual(try fleet.send("GET", "/gif/\(id)", to: 1).status, 200)
        XCTAssertTrue(try fleet.send("GET", "/trending?limit=50", to: 1).itemIDs.contains(id))

        let blocked = try fleet.send("PUT", "/admin/blocks/items/\(id)", json: "{\"reason\":\"fleet\"}", headers: [admin], to: 0)
        XCTAssertEqual(blocked.status, 200, blocked.text)
        try waitFor(404, "/gif/\(id)", on: 1, in: fleet)
        XCTAssertFalse(try fleet.send("GET", "/trending?limit=50", to: 1).itemIDs.contains(id), "its cached page filtered")
        XCTAssertEqual(try fleet.send("GET", "/gif/\(id)").status, 404, "through the balancer")

        XCTAssertEqual(try fleet.send("DELETE", "/admin/blocks/items/\(id)", headers: [admin], to: 1).status, 204)
        try waitFor(200, "/gif/\(id)", on: 0, in: fleet)
    }
}
