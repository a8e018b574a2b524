import API
import XCTest

/// How CORSPolicy and HostAllowlist read origins and Host values, without a server.
final class BrowserPolicyTests: XCTestCase {
    func testOriginsCompareSchemeHostAndPortAsBrowsersSerializeThem() throws {
        let policy = try CORSPolicy(parsing: "http://app.example:5173, https://gifs.example, http://[::1]:*")
        XCTAssertTrue(policy.allows(origin: "http://APP.example:5173"))
        XCTAssertTrue(policy.allows(origin: "https://gifs.example:443"), "the default port is no port")
        XCTAssertTrue(policy.allows(origin: "http://[::1]:3000"))
        XCTAssertTrue(policy.allows(origin: "http://[::1]"))
        for refused in ["http://app.example", "https://app.example:5173", "http://gifs.example", "https://gifs.example:8443",
                        "http://app.example:5173.evil.example", "http://app.example:+5173", "http://user@app.example:5173",
                        "null", "", "app.example:5173", "http://[::2]:3000", "http://[::1]:*"] {
            XCTAssertFalse(policy.allows(origin: refused), refused)
        }
    }

    func testTheLoopbackPolicyTakesAnyPortOfTheThreeLoopbackOrigins() {
        for origin in ["http://localhost:5173", "http://127.0.0.1:1", "http://[::1]:65535", "http://localhost"] {
            XCTAssertTrue(CORSPolicy.loopback.allows(origin: origin), origin)
        }
        for origin in ["https://localhost:5173", "http://127.0.0.2:5173", "http://localhost.example", "http://localhost:0"] {
            XCTAssertFalse(CORSPolicy.loopback.allows(origin: origin), origin)
        }
    }

    func testHostsCompareTheNameWithoutThePort() throws {
        let hosts = try HostAllowlist(parsing: "gifs.local,FE80::1,[::2]")
        for host in ["gifs.local", "GIFS.LOCAL:8080", "gifs.local.", "[fe80::1]:80", "[::2]"] {
            XCTAssertTrue(hosts.allows(hostHeader: host), host)
        }
        for host in ["gifs.local.evil", "localhost", "evil.gifs.local", "", "[fe80::2]:80"] {
            XCTAssertFalse(hosts.allows(hostHeader: host), host)
        }
    }
}
