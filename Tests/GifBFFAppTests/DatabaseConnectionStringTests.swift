import Foundation
import Glibc
import TestSupport
import XCTest

/// Issue 48 item 1, as an operator starts it: GIF_BFF_DATABASE_URL takes what libpq takes (several
/// hosts, keyword/value pairs), refuses at start-up what libpq would refuse only on connecting, and
/// the start-up line names the server reached, never a secret.
extension ExecutableTests {
    private func stopped(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func testAConnectionStringLibpqWouldRefuseOnConnectingStopsStartUpWithStatus2() throws {
        let refused = [
            ("postgresql://gif:S3CRET@h1:5432,h2:70000/gifs", "1-65535"),
            ("postgresql://gif:S3CRET@h1,h2,h3/gifs?port=1,2", "one port for each host"),
            ("postgresql://gif:S3CRET@h1,h2/gifs?target_session_attrs=standby", "target_session_attrs"),
            ("host=h1,h2 port=5432 password=S3CRET target_session_attrs=read-only", "target_session_attrs"),
            ("host=db password=S3CRET connect_timeout=soon", "connect_timeout"),
            ("host=db password='S3CRET", "libpq accepts"),
            ("host=db S3CRET", "libpq accepts"),
        ]
        for (value, reason) in refused {
            let (process, output, errors) = try launch(["--port", "0"], environment: ["GIF_BFF_DATABASE_URL": value])
            defer { stopped(process) }
            XCTAssertTrue(finish(process, within: 10), value)
            XCTAssertEqual(process.terminationStatus, 2, value)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile()
                + errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(printed.contains("GIF_BFF_DATABASE_URL") && printed.contains(reason), "\(value): \(printed)")
            XCTAssertFalse(printed.contains("S3C"), "\(value): \(printed)")
        }
    }

    /// Keyword/value pairs and a URL of two hosts whose first has nothing listening both start the
    /// server; the start-up line names the server reached (the second host's port), no password.
    func testLibpqsFormsStartTheServerAndTheLineNamesTheServerReached() throws {
        let cluster = try PostgreSQLCluster.running()
        let database = try PostgreSQLCluster.database(for: self)
        let name = try XCTUnwrap(database.split(separator: "/").last.map(String.init))
        let nothing = try FreePort.loopback()
        for value in ["host=127.0.0.1 port=\(cluster.port) dbname=\(name) user=postgres password='S3CRET pw' connect_timeout=2",
                      "postgresql://postgres:S3CRET@127.0.0.1:\(nothing),127.0.0.1:\(cluster.port)/\(name)?connect_timeout=2"] {
            let (process, errors, log) = try launchUntilListening(environment: ["GIF_BFF_DATABASE_URL": value])
            defer { stopped(process) }
            let line = try XCTUnwrap(log.split(separator: "\n").first { $0.contains("gif-bff listening") }, log)
            XCTAssertTrue(line.contains("database_server=127.0.0.1:\(cluster.port)"), String(line))
            XCTAssertFalse(log.contains("S3CRET"), log)
            try assertSIGTERMEndsItWithStatus0(process, errors)
        }
    }
}
