import Foundation
import Glibc
import TestSupport
import XCTest

/// The first run as issue 5 describes it: no key, no network, one clear line, GIFs at /search.
final class FirstRunTests: XCTestCase {
    func testWithoutAKeyItServesTheDemoCatalogAndSaysSoInOneLine() throws {
        guard let executable = ExecutableTests.executable else { throw XCTSkip("gif-bff was not built next to the tests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-first-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--database", folder.appendingPathComponent("db.sqlite3").path]
        // No GIPHY_API_KEY, and a GIPHY address that cannot be reached: the demo must not need it.
        process.environment = ["GIPHY_BASE_URL": "http://127.0.0.1:9/v1", "PATH": "/usr/bin:/bin"]
            .merging(Sanitizer.childEnvironment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        var log = ""
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("demo catalog") && Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        let line = try XCTUnwrap(log.split(separator: "\n").first { $0.contains("demo catalog") }, log)
        XCTAssertTrue(line.contains("GIPHY_API_KEY"), "says how to use a real key: \(line)")
        let url = try XCTUnwrap(line.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression).map { String(line[$0]) })
        let port = try XCTUnwrap(UInt16(url.split(separator: ":").last ?? ""))

        let response = try RawTestClient(port: port).get("/search?q=cat")
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200"), response)
        let body = try XCTUnwrap(response.range(of: "\r\n\r\n").map { Data(response[$0.upperBound...].utf8) })
        let gifs = try XCTUnwrap((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["data"] as? [Any])
        XCTAssertFalse(gifs.isEmpty, "the demo catalog has cats")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
