import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import XCTest

/// The `fake-unsplash` executable: its flags, the line it prints, and the key it was given.
final class FakeUnsplashExecutableTests: XCTestCase {
    func testPrintsItsURLAndChecksTheGivenAccessKey() async throws {
        let child = try BuiltExecutable.Child(named: "fake-unsplash",
                                              arguments: ["--host", "127.0.0.1", "--port", "0", "--access-key", "exec-access-key"])
        defer { child.stop() }
        let line = child.firstLine(within: 20)
        XCTAssertNotNil(line.range(of: #"^fake-unsplash listening on http://127\.0\.0\.1:[0-9]+\n$"#, options: .regularExpression), line)
        let base = line.replacingOccurrences(of: "fake-unsplash listening on ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: try XCTUnwrap(URL(string: base + "/photos?per_page=1")))
        for (key, status) in [("exec-access-key", 200), ("other", 401)] {
            request.setValue("Client-ID \(key)", forHTTPHeaderField: "Authorization")
            let (_, response) = try await session.data(for: request)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, status, key)
        }
    }

    func testRejectsAnUnknownFlagAndAnEmptyKey() throws {
        for arguments in [["--colour", "blue"], ["--access-key", ""]] {
            XCTAssertEqual(try BuiltExecutable.exitStatus(named: "fake-unsplash", arguments: arguments), 2, "\(arguments)")
        }
    }
}
