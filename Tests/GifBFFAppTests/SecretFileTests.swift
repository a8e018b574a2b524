import Foundation
import Glibc
import TestSupport
import XCTest

/// Issue 33.5: secrets from files (Docker's and Kubernetes' secrets), as the executable reads them.
extension ExecutableTests {
    /// Writes `content` to a file in the test's folder; its path.
    private func secretFile(_ name: String, _ content: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(content.utf8).write(to: url)
        return url.path
    }

    /// The upstreams at a loopback port where nothing listens: a live client never leaves the machine.
    private func closedUpstreams() throws -> [String: String] {
        let closed = "http://127.0.0.1:\(try FreePort.loopback())"
        return ["GIPHY_BASE_URL": closed + "/v1", "UNSPLASH_BASE_URL": closed, "GIF_BFF_LOG_LEVEL": "debug"]
    }

    func testEachKeyIsReadFromItsFileWithTheTrailingLineBreakDroppedAndNeverPrinted() throws {
        let giphy = try secretFile("giphy", "SECRETGIPHYFILEKEY\r\n")
        let unsplash = try secretFile("unsplash", "SECRETUNSPLASHFILEKEY\n")
        let (process, errors, log) = try launchUntilListening(environment: try closedUpstreams().merging([
            "GIPHY_API_KEY_FILE": giphy, "UNSPLASH_ACCESS_KEY_FILE": unsplash,
        ]) { $1 })
        try assertSIGTERMEndsItWithStatus0(process, errors)
        XCTAssertTrue(log.contains("provider=giphy mode=live") && log.contains("provider=unsplash mode=live"), log)
        XCTAssertFalse(log.contains("SECRET"), log)
    }

    /// The URL read from its file is the one used (libpq names its host and port when nothing
    /// listens there), and its password is never printed.
    func testTheDatabaseURLIsReadFromItsFile() throws {
        let port = try FreePort.loopback()
        let url = try secretFile("database-url", "postgresql://gif:URLFILESECRET@127.0.0.1:\(port)/gifs\n")
        let (process, output, errors) = try launch(["--port", "0", "--database-url-file", url], environment: ["GIF_BFF_LOG_LEVEL": "debug"])
        XCTAssertTrue(finish(process, within: 30))
        XCTAssertEqual(process.terminationStatus, 2)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile() + errors.fileHandleForReading.readDataToEndOfFile(),
                             as: UTF8.self)
        XCTAssertTrue(printed.contains("127.0.0.1:\(port)"), printed)
        XCTAssertFalse(printed.contains("URLFILESECRET"), printed)
    }

    func testAValueAndItsFileBothSetStopStartUpNamingBoth() throws {
        let key = try secretFile("giphy", "SECRETGIPHYFILEKEY\n")
        for (environment, arguments) in [(["GIPHY_API_KEY": "SECRETPLAINKEY", "GIPHY_API_KEY_FILE": key], []),
                                         (["GIPHY_API_KEY": "SECRETPLAINKEY"], ["--giphy-api-key-file", key])] {
            let (process, _, errors) = try launch(["--port", "0"] + arguments, environment: environment)
            XCTAssertTrue(finish(process, within: 10))
            XCTAssertEqual(process.terminationStatus, 2)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(message.contains("GIPHY_API_KEY (--giphy-api-key) and GIPHY_API_KEY_FILE (--giphy-api-key-file)"), message)
            XCTAssertFalse(message.contains("SECRET"), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
    }

    /// A missing file, a folder, an empty file, one of only a line break, one too large, and a
    /// FIFO (which would block a plain open until a writer came): each stops start-up with status
    /// 2, naming the variable and the path, at once.
    func testAnUnusableSecretFileStopsStartUpNamingTheVariable() throws {
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let cases: [(String, String, String)] = [
            (folder.appendingPathComponent("missing").path, "UNSPLASH_ACCESS_KEY_FILE", "cannot open it: No such file or directory"),
            (folder.path, "GIPHY_API_KEY_FILE", "it is not a regular file"),
            (try secretFile("empty", ""), "GIF_BFF_DATABASE_URL_FILE", "it is empty"),
            (try secretFile("newline", "\r\n"), "GIPHY_API_KEY_FILE", "it is empty"),
            (try secretFile("large", String(repeating: "k", count: 65_537)), "GIPHY_API_KEY_FILE", "it is larger than 65536 bytes"),
            (fifo, "GIPHY_API_KEY_FILE", "it is not a regular file"),
        ]
        for (path, variable, reason) in cases {
            let (process, _, errors) = try launch(["--port", "0"], environment: [variable: path])
            XCTAssertTrue(finish(process, within: 10), path)
            XCTAssertEqual(process.terminationStatus, 2, path)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(message.contains(variable) && message.contains(path) && message.contains(reason), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
    }
}
