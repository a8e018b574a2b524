import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest

/// The `fake-giphy` executable: flags, the line it prints, and a served request.
final class FakeGiphyExecutableTests: XCTestCase {
    func testPrintsItsURLAndServesWithTheGivenKey() async throws {
        let child = try BuiltExecutable.Child(named: "fake-giphy", arguments: ["--port", "0", "--api-key", "exec-key"])
        defer { child.stop() }
        let line = child.firstLine(within: 20)
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
        XCTAssertEqual(try BuiltExecutable.exitStatus(named: "fake-giphy", arguments: ["--colour", "blue"]), 2)
    }
}
