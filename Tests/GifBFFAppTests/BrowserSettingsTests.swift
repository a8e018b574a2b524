import API
import Foundation
@testable import GifBFFApp
import Glibc
import TestSupport
import XCTest

/// GIF_BFF_CORS_ORIGINS and GIF_BFF_ALLOWED_HOSTS: what they accept, and a bad value stopping start-up.
final class BrowserSettingsTests: XCTestCase {
    func testTheDefaultsAreTheLoopbackOnes() throws {
        let (configuration, _) = try ConfigurationLoader.load(arguments: [], environment: [:])
        XCTAssertEqual(configuration.corsOrigins, .loopback)
        XCTAssertEqual(configuration.allowedHosts, .loopback)
        XCTAssertEqual(try CORSPolicy(parsing: CORSPolicy.loopback.text), .loopback)
        XCTAssertEqual(try HostAllowlist(parsing: HostAllowlist.loopback.text), .loopback)
    }

    func testGoodValuesAreReadFromTheEnvironmentAndFlags() throws {
        let (configuration, _) = try ConfigurationLoader.load(
            arguments: ["--cors-origins", "http://app.example:5173/, HTTPS://Gifs.Example:443"],
            environment: ["GIF_BFF_ALLOWED_HOSTS": "gifs.local, 192.168.1.20, ::1"])
        let origins = configuration.corsOrigins
        XCTAssertTrue(origins.allows(origin: "http://app.example:5173"))
        XCTAssertTrue(origins.allows(origin: "https://gifs.example"))
        XCTAssertFalse(origins.allows(origin: "http://app.example"))
        XCTAssertFalse(origins.allows(origin: "http://localhost:5173"))
        let hosts = configuration.allowedHosts
        XCTAssertTrue(hosts.allows(hostHeader: "GIFS.local:8080"))
        XCTAssertTrue(hosts.allows(hostHeader: "[::1]:8080"))
        XCTAssertFalse(hosts.allows(hostHeader: "localhost:8080"))
        let (star, _) = try ConfigurationLoader.load(arguments: ["--cors-origins=*", "--allowed-hosts=*"], environment: [:])
        XCTAssertTrue(star.corsOrigins.allows(origin: "null"))
        XCTAssertTrue(star.allowedHosts.allows(hostHeader: "anything"))
    }

    func testABadValueNamesTheSetting() {
        let cases: [(String, String)] = [
            ("--cors-origins", "localhost:5173"), ("--cors-origins", "ftp://files.example"),
            ("--cors-origins", "http://app.example/path"), ("--cors-origins", "http://app.example:99999"),
            ("--cors-origins", ","), ("--cors-origins", "http://a b"), ("--cors-origins", "*,http://localhost"),
            ("--allowed-hosts", "gifs.local:8080"), ("--allowed-hosts", "http://gifs.local"), ("--allowed-hosts", "a b"),
            ("--allowed-hosts", " "),
        ]
        for (flag, value) in cases {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: ["\(flag)=\(value)"], environment: [:])) { error in
                let name = flag == "--cors-origins" ? "GIF_BFF_CORS_ORIGINS (--cors-origins)" : "GIF_BFF_ALLOWED_HOSTS (--allowed-hosts)"
                XCTAssertTrue(String(describing: error).contains(name), "\(value): \(error)")
            }
        }
    }

    func testABadValueStopsTheExecutableWithStatus2() throws {
        guard let executable = ExecutableTests.executable else { throw XCTSkip("gif-bff was not built next to the tests") }
        let folder = try makeTemporaryFolder()
        for (variable, value, name) in [("GIF_BFF_CORS_ORIGINS", "localhost:5173", "GIF_BFF_CORS_ORIGINS"),
                                        ("GIF_BFF_ALLOWED_HOSTS", "gifs.local:80", "GIF_BFF_ALLOWED_HOSTS")] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--port", "0"]
            process.environment = ["GIF_BFF_DATABASE": folder.appendingPathComponent("db.sqlite3").path, variable: value]
                .merging(Sanitizer.childEnvironment) { $1 }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2, variable)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(message.contains(name) && message.contains(value), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
    }
}
