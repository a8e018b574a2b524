import Foundation
import Glibc
import TestSupport
import XCTest

/// The real `gif-bff` executable as a user runs it: exit statuses, messages, signals.
final class ExecutableTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-exe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    static var executable: URL? {
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let url = Bundle.main.executableURL { candidates.append(url.deletingLastPathComponent()) }
        for candidate in candidates {
            let url = candidate.appendingPathComponent("gif-bff")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        guard let executable = Self.executable else {
            throw XCTSkip("gif-bff was not built next to the tests")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["GIF_BFF_DATABASE": folder.appendingPathComponent("db.sqlite3").path]
            .merging(Sanitizer.childEnvironment) { $1 }.merging(environment) { $1 }
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Also waits for Foundation to see the end: a Process it has not seen end is kept, and
    /// with it the pipes' read ends, until the test run ends.
    func finish(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }

    func testABadValueStopsStartUpWithStatus2AndNamesIt() throws {
        let (process, _, errors) = try launch(["--port", "eighty"])
        XCTAssertTrue(finish(process, within: 10))
        XCTAssertEqual(process.terminationStatus, 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("GIF_BFF_PORT (--port)"), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
    }

    func testADefaultRatingAboveTheContentCeilingStopsStartUpWithStatus2NamingBoth() throws {
        let (process, _, errors) = try launch(["--port", "0", "--max-rating", "pg"], environment: ["GIF_BFF_DEFAULT_RATING": "pg-13"])
        XCTAssertTrue(finish(process, within: 10))
        XCTAssertEqual(process.terminationStatus, 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("GIF_BFF_DEFAULT_RATING (--default-rating)") && message.contains("GIF_BFF_MAX_RATING (--max-rating)"), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
    }

    func testAnUnusableDatabaseStopsStartUpWithStatus2AndOneLine() throws {
        let notADatabase = folder.appendingPathComponent("text.sqlite3")
        try Data("this is not a database, just text that is long enough to be read".utf8).write(to: notADatabase)
        let (process, _, errors) = try launch(["--port", "0"], environment: ["GIF_BFF_DATABASE": notADatabase.path])
        XCTAssertTrue(finish(process, within: 10))
        XCTAssertEqual(process.terminationStatus, 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains(notADatabase.path), message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
    }

    /// Issue 31 item 2: no secret of a PostgreSQL URL, wherever in the URL libpq takes it from,
    /// is in anything gif-bff writes at the most verbose log level: not when nothing listens at
    /// the URL's port, not when libpq refuses the URL itself (its reason quotes the bad part).
    func testNoSecretOfTheDatabaseURLIsEverPrinted() throws {
        let port = try FreePort.loopback()
        let base = "postgresql://gif:USERSECRET@127.0.0.1:\(port)/gifs"
        let urls = [base + "?password=SECRETVALUE&sslpassword=OTHERSECRET",
                    base + "?password=%zzSECRETVALUE&sslpassword=OTHERSECRET",
                    base + "?sslmode=disable&passwordSECRETVALUE&sslpassword=OTHERSECRET"]
        for (index, url) in urls.enumerated() {
            // Both ways of giving it: the variable and the flag.
            let byFlag = index == 1
            let (process, output, errors) = try launch(["--port", "0", "--log-level", "debug"] + (byFlag ? ["--database-url", url] : []),
                                                       environment: byFlag ? [:] : ["GIF_BFF_DATABASE_URL": url])
            XCTAssertTrue(finish(process, within: 30), url)
            XCTAssertEqual(process.terminationStatus, 2, url)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile()
                + errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for secret in ["USERSECRET", "SECRETVALUE", "OTHERSECRET"] {
                XCTAssertFalse(printed.contains(secret), "\(url): \(printed)")
            }
            XCTAssertTrue(printed.contains(index == 0 ? "127.0.0.1:\(port)" : "GIF_BFF_DATABASE_URL"), printed)
        }
    }

    func testHelpListsTheSettingsAndExits0() throws {
        let (process, output, _) = try launch(["--help"])
        XCTAssertTrue(finish(process, within: 10))
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(text.contains("GIF_BFF_PORT"))
        XCTAssertTrue(text.contains("--max-body-bytes"))
    }

    func testSIGTERMShutsDownCleanlyWithStatus0() throws {
        let (process, errors, log) = try launchUntilListening()
        guard let port = self.port(in: log) else {
            kill(process.processIdentifier, SIGKILL)
            return XCTFail("no port in \(log)")
        }
        let client = RawTestClient(port: port)
        XCTAssertTrue(try client.get("/healthz").hasPrefix("HTTP/1.1 200"))
        try assertSIGTERMEndsItWithStatus0(process, errors)
    }

    /// A SIGTERM sent the moment the start-up line appears is not lost: libdispatch's signal
    /// source, installed later on a worker thread, missed about 1 in 10 of these.
    func testSIGTERMAtTheStartUpLineIsNeverLost() throws {
        for _ in 1...10 {
            let (process, errors, _) = try launchUntilListening()
            try assertSIGTERMEndsItWithStatus0(process, errors)
        }
    }

    /// Without keys, each provider served from its demo catalog says so on stderr, with what to
    /// try and the key to set: the four of them (issue 46).
    func testEachDemoProviderSaysSoWithItsKey() throws {
        let (process, errors, log) = try launchUntilListening()
        kill(process.processIdentifier, SIGTERM)
        XCTAssertTrue(finish(process, within: 5))
        let printed = log + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for (key, name, tryPath) in [("GIPHY_API_KEY", "GIPHY", "/search?q=cat "), ("KLIPY_API_KEY", "KLIPY", "/search?q=cat&provider=klipy"),
                                     ("UNSPLASH_ACCESS_KEY", "Unsplash", "provider=unsplash"), ("PEXELS_API_KEY", "Pexels", "provider=pexels")] {
            XCTAssertTrue(printed.contains("gif-bff: no \(key) set"), "\(key): \(printed)")
            XCTAssertTrue(printed.contains("set \(key) to use \(name)."), "\(key): \(printed)")
            XCTAssertTrue(printed.contains(tryPath), "\(key): \(printed)")
        }
    }

    /// Issue 35.6: a mistyped setting is warned about, naming the closest known one (its value,
    /// perhaps a secret, never printed), and the start-up line says which installs policy runs.
    func testUnknownVariablesAreWarnedAboutAndTheStartUpLineNamesTheInstallsPolicy() throws {
        let (process, errors, log) = try launchUntilListening(environment: [
            "GIF_BFF_INSTALL": "required", "GIPHY_APIKEY": "SECRETVALUE", "GIF_BFF_LOG_LEVEL": "info",
        ])
        try assertSIGTERMEndsItWithStatus0(process, errors)
        XCTAssertTrue(log.contains(#"msg="unknown variable ignored" variable=GIF_BFF_INSTALL did_you_mean=GIF_BFF_INSTALLS"#), log)
        XCTAssertTrue(log.contains(#"msg="unknown variable ignored" variable=GIPHY_APIKEY did_you_mean=GIPHY_API_KEY"#), log)
        XCTAssertFalse(log.contains("SECRETVALUE"), log)
        XCTAssertTrue(log.contains("installs=optional"), log)
        let (required, requiredErrors, requiredLog) = try launchUntilListening(environment: ["GIF_BFF_INSTALLS": "required"])
        try assertSIGTERMEndsItWithStatus0(required, requiredErrors)
        XCTAssertTrue(requiredLog.contains("installs=required"), requiredLog)
        XCTAssertFalse(requiredLog.contains("unknown variable"), requiredLog)
    }

    /// The port the start-up line names.
    func port(in log: String) -> UInt16? {
        log.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression).flatMap { UInt16(log[$0].split(separator: ":")[1]) }
    }

    /// Launches gif-bff on a free port and reads its log until the start-up line. With no drain:
    /// these tests are about the signal and the exit (DrainTests and RollingRestartTests drain).
    func launchUntilListening(environment: [String: String] = [:]) throws -> (Process, Pipe, String) {
        let (process, _, errors) = try launch(["--port", "0"], environment: ["GIF_BFF_DRAIN_SECONDS": "0"].merging(environment) { $1 })
        var log = ""
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("gif-bff listening") && Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        guard log.contains("gif-bff listening") else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw NoStartUpLine(log: log)
        }
        return (process, errors, log)
    }

    func assertSIGTERMEndsItWithStatus0(_ process: Process, _ errors: Pipe,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        kill(process.processIdentifier, SIGTERM)
        let finished = finish(process, within: 5)
        let rest = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(finished, "still running 5 s after SIGTERM; its log after start-up: \(rest)", file: file, line: line)
        XCTAssertEqual(process.terminationStatus, 0, rest, file: file, line: line)
        XCTAssertTrue(rest.contains("shutting down"), rest, file: file, line: line)
    }
}

/// A launch that never printed its start-up line fails the test with what it printed.
struct NoStartUpLine: Error, CustomStringConvertible {
    let log: String
    var description: String { "gif-bff printed no start-up line: \(log)" }
}

/// Just enough of a client to see that the child process answers.
struct RawTestClient {
    let port: UInt16

    func get(_ path: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }
}
