@testable import API
import XCTest

/// The Host values kept after they were allowed: they pass again at once, a value never allowed
/// is never kept, and past four kept, values are checked in full, still right.
final class AllowedHostValuesTests: XCTestCase {
    func testKeptValuesPassAgainAndRefusedOnesStayRefused() throws {
        let hosts = try HostAllowlist(parsing: "gifs.local,127.0.0.1")
        let allowed = ["gifs.local:8080", "127.0.0.1:28700", "GIFS.LOCAL", "127.0.0.1", "gifs.local.", "127.0.0.1:1"]
        let refused = ["gifs.local.evil", "localhost:8080", "127.0.0.2:28700", "", "evil.gifs.local"]
        for round in 1...2 {
            for host in allowed { XCTAssertTrue(hosts.allows(hostHeader: host), "\(host), round \(round)") }
            for host in refused { XCTAssertFalse(hosts.allows(hostHeader: host), "\(host), round \(round)") }
        }
    }

    func testOnlyTheFirstFourAllowedValuesAreKept() {
        let values = AllowedHostValues()
        for port in 1...6 { values.keep("localhost:\(port)") }
        values.keep("localhost:1")
        XCTAssertEqual(values.count, 4)
        XCTAssertTrue(values.contains("localhost:4"))
        XCTAssertFalse(values.contains("localhost:5"))
        XCTAssertFalse(values.contains("localhost"))
    }

    func testARefusedValueIsNotKept() throws {
        let hosts = try HostAllowlist(parsing: "gifs.local")
        XCTAssertFalse(hosts.allows(hostHeader: "evil.example"))
        XCTAssertTrue(hosts.allows(hostHeader: "gifs.local"))
        XCTAssertFalse(hosts.allows(hostHeader: "evil.example"), "still refused after a value was kept")
    }
}
