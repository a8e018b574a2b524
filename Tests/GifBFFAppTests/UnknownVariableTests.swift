@testable import GifBFFApp
import XCTest

/// Issue 35.6: environment variables that look like settings but name none are found, each with
/// the known setting closest to it; nothing else in the environment is.
final class UnknownVariableTests: XCTestCase {
    func testTyposAreFoundWithTheClosestSetting() {
        let environment = [
            "GIF_BFF_INSTALL": "required", "GIPHY_APIKEY": "secret", "UNSPLASH_ACESS_KEY": "secret",
            "GIF_BFF_CACHE_FRESH_SECOND": "5", "GIF_BFF_PROT": "9000", "GIF_BFF_CORS_ORIGIN": "*",
            // Known ones, and other programs' variables, are not reported.
            "GIF_BFF_INSTALLS": "optional", "GIPHY_API_KEY": "k", "UNSPLASH_BASE_URL": "https://x", "PATH": "/bin",
            "gif_bff_port": "1", "FAKE_GIPHY_PORT": "0", "MY_GIF_BFF_PORT": "1",
        ]
        XCTAssertEqual(UnknownVariable.all(in: environment), [
            UnknownVariable(name: "GIF_BFF_CACHE_FRESH_SECOND", closest: "GIF_BFF_CACHE_FRESH_SECONDS"),
            UnknownVariable(name: "GIF_BFF_CORS_ORIGIN", closest: "GIF_BFF_CORS_ORIGINS"),
            UnknownVariable(name: "GIF_BFF_INSTALL", closest: "GIF_BFF_INSTALLS"),
            UnknownVariable(name: "GIF_BFF_PROT", closest: "GIF_BFF_PORT"),
            UnknownVariable(name: "GIPHY_APIKEY", closest: "GIPHY_API_KEY"),
            UnknownVariable(name: "UNSPLASH_ACESS_KEY", closest: "UNSPLASH_ACCESS_KEY"),
        ])
    }

    /// Issue 46.2: a Pexels variable typed wrong is found too.
    func testAPexelsTypoIsFound() {
        XCTAssertEqual(UnknownVariable.all(in: ["PEXELS_APIKEY": "secret", "PEXELS_API_KEY": "k"]),
                       [UnknownVariable(name: "PEXELS_APIKEY", closest: "PEXELS_API_KEY")])
    }

    func testEveryKnownSettingIsKnownAndAHugeNameStaysBounded() {
        let known = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.environment, "") })
        XCTAssertEqual(UnknownVariable.all(in: known), [])
        let huge = "GIF_BFF_" + String(repeating: "X", count: 100_000)
        XCTAssertEqual(UnknownVariable.all(in: [huge: ""]).map(\.name), [huge])
    }

    func testEditDistance() {
        func distance(_ a: String, _ b: String) -> Int { UnknownVariable.editDistance(Array(a.utf8), Array(b.utf8)) }
        XCTAssertEqual(distance("", ""), 0)
        XCTAssertEqual(distance("abc", ""), 3)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("PROT", "PORT"), 2)
        XCTAssertEqual(distance("INSTALL", "INSTALLS"), 1)
    }
}
