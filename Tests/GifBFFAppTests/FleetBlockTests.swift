import Foundation
import TestSupport
import XCTest

/// Issue 47: a block made through one instance of a fleet (two gif-bff processes on one
/// PostgreSQL database behind nginx) is applied by the other within two seconds, by PostgreSQL's
/// NOTIFY; so is an unblock.
final class FleetBlockTests: XCTestCase {
    private let admin = "Authorization: Bearer \(ModerationTests.adminToken)"

    /// Polls `target` on `instance` until it answers `status`; how long that took, or a failure past two seconds.
    private func seconds(until status: Int, _ target: String, on instance: Int, in fleet: Fleet) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        while try fleet.send("GET", target, to: instance).status != status {
            guard clock.now - start < .seconds(2) else {
                XCTFail("\(target) on instance \(instance) did not answer \(status) within 2 s")
                return 2
            }
            usleep(10_000)
        }
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func testABlockThroughOneInstanceIsAppliedByTheOtherWithinTwoSeconds() throws {
        let fleet = try Fleet(self, flags: ["--admin-token", ModerationTests.adminToken])
        let id = try fleet.distinctTrendingIDs(count: 1)[0]
        // The other instance has the item and a page holding it in memory.
        XCTAssertEqual(try fleet.send("GET", "/gif/\(id)", to: 1).status, 200)
        XCTAssertTrue(try fleet.send("GET", "/trending?limit=50", to: 1).itemIDs.contains(id))

        let blocked = try fleet.send("PUT", "/admin/blocks/items/\(id)", json: "{\"reason\":\"fleet\"}", headers: [admin], to: 0)
        XCTAssertEqual(blocked.status, 200, blocked.text)
        let took = try seconds(until: 404, "/gif/\(id)", on: 1, in: fleet)
        XCTAssertLessThan(took, 2)
        XCTAssertFalse(try fleet.send("GET", "/trending?limit=50", to: 1).itemIDs.contains(id), "its cached page filtered")
        XCTAssertEqual(try fleet.send("GET", "/gif/\(id)").status, 404, "through the balancer")

        XCTAssertEqual(try fleet.send("DELETE", "/admin/blocks/items/\(id)", headers: [admin], to: 1).status, 204)
        XCTAssertLessThan(try seconds(until: 200, "/gif/\(id)", on: 0, in: fleet), 2)
    }
}
