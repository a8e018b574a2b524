import Foundation
import Service
import Model
import Primitives
import TestSupport
import XCTest

/// A favorite confirmed to the caller survives the process being SIGKILLed right after.
final class DurabilityTests: XCTestCase {
    private static let probeName = "favorites-durability-probe"

    /// SwiftPM puts the probe next to the test bundle in the build products folder.
    private func probeURL() throws -> URL {
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
        }
        for folder in candidates {
            let url = folder.appendingPathComponent(Self.probeName)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // A failure, not a skip: a missing probe must not let the test pass silently.
        struct ProbeNotFound: Error { let searched: [String] }
        throw ProbeNotFound(searched: candidates.map(\.path))
    }

    func testConfirmedFavoriteSurvivesSIGKILL() async throws {
        let probe = try probeURL()
        let path = try makeDatabasePath()
        let process = Process()
        process.executableURL = probe
        process.arguments = [path, "durable-gif"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        let line = try TestSupport.readLine(from: output.fileHandleForReading, timeout: 30)
        XCTAssertEqual(line, "added durable-gif\n")
        XCTAssertTrue(process.isRunning, "the probe must still be running when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGKILL)

        let list = try await makeFavorites(path: path).listing(install: .local).value().favorites
        XCTAssertEqual(list.map(\.id), ["durable-gif"])
        XCTAssertEqual(list.first?.item.title, "Durable GIF")
    }
}
