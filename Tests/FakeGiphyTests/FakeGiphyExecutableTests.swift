import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest

/// The `fake-giphy` executable: flags, the line it prints, and a served request.
final class FakeGiphyExecutableTests: XCTestCase {
    func testPrintsItsURLAndServesWithTheGivenKey() async throws {
        let process = Process()
        process.executableURL = try BuiltExecutable.url(named: "fake-giphy")
        process.arguments = ["--port", "0", "--api-key", "exec-key"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let line = BuiltExecutable.firstLine(of: output, within: 20)
        XCTAssertNotNil(line.range(of: #"^fake-giphy listening on http://127\.0\.0\.1:[0-9]+/v1\n$"#, options: .regularExpression), line)
        let base = line.replacingOccurrences(of: "fake-giphy listening on ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let (_, accepted) = try await session.data(from: try XCTUnwrap(URL(string: base + "/gifs/trending?api_key=exec-key")))
        XCTAssertEqual((accepted as? HTTPURLResponse)?.statusCode, 200)
        let (_, refused) = try await session.data(from: try XCTUnwrap(URL(string: base + "/gifs/trending?api_key=other")))
        XCTAssertEqual((refused as? HTTPURLResponse)?.statusCode, 401)
    }

    func testRejectsAnUnknownFlag() throws {
        let process = Process()
        process.executableURL = try BuiltExecutable.url(named: "fake-giphy")
        process.arguments = ["--colour", "blue"]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
    }
}
