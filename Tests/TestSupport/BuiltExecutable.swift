import Foundation
import XCTest

/// An executable product of this package, for tests that run it as a child process.
package enum BuiltExecutable {
    /// SwiftPM builds executables into the same products folder as the test bundle.
    package static func url(named name: String) throws -> URL {
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
        let found = folders.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try XCTUnwrap(found, "\(name) not built next to the tests in \(folders.map(\.path))")
    }

    /// The first line a child writes to `pipe`, or "" if none comes within `seconds`.
    package static func firstLine(of pipe: Pipe, within seconds: Double) -> String {
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

    /// A child running `name` with `arguments`, stdout piped; `stop()` ends it.
    package final class Child {
        package let process = Process()
        package let output = Pipe()

        package init(named name: String, arguments: [String]) throws {
            process.executableURL = try BuiltExecutable.url(named: name)
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
        }

        /// The first line it writes, or "" if none comes within `seconds`.
        package func firstLine(within seconds: Double) -> String {
            BuiltExecutable.firstLine(of: output, within: seconds)
        }

        /// Terminates it if still running and waits for it.
        package func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// How a run of `name` with `arguments` ended (for flags it must refuse).
    package static func exitStatus(named name: String, arguments: [String]) throws -> Int32 {
        let child = try Child(named: name, arguments: arguments)
        child.process.waitUntilExit()
        return child.process.terminationStatus
    }
}
