import FakeGiphy
import Foundation
import HTTPServer

// fake-giphy: the fake GIPHY as a process, for manual runs and tests from other languages.
//   fake-giphy [--host 127.0.0.1] [--port 0] [--api-key KEY] [--log-level off|info|...]
// Each flag may also come from the environment: FAKE_GIPHY_HOST, FAKE_GIPHY_PORT,
// FAKE_GIPHY_API_KEY, FAKE_GIPHY_LOG_LEVEL. Prints one line with the base URL once listening.

struct Options {
    var host = "127.0.0.1"
    var port: UInt16 = 0
    var apiKey = FakeGiphy.defaultAPIKey
    var logLevel = LogLevel.off
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fake-giphy: \(message)\n".utf8))
    exit(2)
}

func parseOptions(_ arguments: [String], environment: [String: String]) -> Options {
    var values: [String: String] = [:]
    for (flag, variable) in [("host", "FAKE_GIPHY_HOST"), ("port", "FAKE_GIPHY_PORT"),
                             ("api-key", "FAKE_GIPHY_API_KEY"), ("log-level", "FAKE_GIPHY_LOG_LEVEL")] {
        if let value = environment[variable] { values[flag] = value }
    }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        guard argument.hasPrefix("--") else { fail("unexpected argument \(argument)") }
        let flag = String(argument.dropFirst(2))
        guard ["host", "port", "api-key", "log-level"].contains(flag) else { fail("unknown flag \(argument)") }
        guard let value = remaining.popFirst() else { fail("\(argument) needs a value") }
        values[flag] = value
    }
    var options = Options()
    if let host = values["host"] { options.host = host }
    if let text = values["port"] {
        guard let port = UInt16(text) else { fail("--port must be 0...65535, not \(text)") }
        options.port = port
    }
    if let key = values["api-key"] {
        guard !key.isEmpty else { fail("--api-key must not be empty") }
        options.apiKey = key
    }
    if let text = values["log-level"] {
        guard let level = LogLevel(name: text) else { fail("unknown log level \(text)") }
        options.logLevel = level
    }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
let fake = FakeGiphy(apiKey: options.apiKey, host: options.host, port: options.port, logger: Logger(level: options.logLevel))
do {
    let url = try fake.start()
    // Written in one piece and unbuffered, so a parent process reading the pipe sees it at once.
    FileHandle.standardOutput.write(Data("fake-giphy listening on \(url.absoluteString)\n".utf8))
} catch {
    fail("cannot start: \(error)")
}
await fake.waitUntilStopped()
