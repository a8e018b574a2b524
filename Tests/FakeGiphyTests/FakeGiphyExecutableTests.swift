import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The `fake-giphy` executable: flags, the line it prints, and a served request.
final class FakeGiphyExecutableTests: XCTestCase {
    /// SwiftPM builds executables into the same products folder as the test bundle.
    private func executable() throws -> URL {
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
        let found = folders.map { $0.appendingPathComponent("fake-giphy") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try XCTUnwrap(found, "fake-giphy not built next to the tests in \(folders.map(\.path))")
    }

    /// The first line the child writes, or "" if none comes within `seconds`.
    private func firstLine(of pipe: Pipe, within seconds: Double) -> String {
        let fd = pipe.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while !bytes.contains(0x0A), Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testPrintsItsURLAndServesWithTheGivenKey() async throws {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["--port", "0", "--api-key", "exec-key"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let line = firstLine(of: output, within: 20)
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
        process.executableURL = try executable()
        process.arguments = ["--colour", "blue"]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
    }
}
