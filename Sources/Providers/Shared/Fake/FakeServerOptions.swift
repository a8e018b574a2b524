import Foundation
import HTTPServer

/// The command line of a fake's executable (`fake-giphy`, `fake-unsplash`):
///   [--host 127.0.0.1] [--port 0] [--<key flag> KEY] [--log-level off|info|...]
/// Each flag may also come from the environment, `<PREFIX>_HOST`, `_PORT`, `_<KEY FLAG>`,
/// `_LOG_LEVEL`; flags win.
package struct FakeServerOptions: Sendable {
    package var host = "127.0.0.1"
    package var port: UInt16 = 0
    package var key: String
    package var logLevel = LogLevel.off

    /// `toolName` prefixes error messages; exits with status 2 on a bad command line.
    package static func parse(_ arguments: [String], environment: [String: String], toolName: String,
                             environmentPrefix: String, keyFlag: String, defaultKey: String) -> FakeServerOptions {
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("\(toolName): \(message)\n".utf8))
            exit(2)
        }
        let flags = ["host", "port", keyFlag, "log-level"]
        var values: [String: String] = [:]
        for flag in flags {
            let variable = environmentPrefix + "_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
            if let value = environment[variable] { values[flag] = value }
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { fail("unexpected argument \(argument)") }
            let flag = String(argument.dropFirst(2))
            guard flags.contains(flag) else { fail("unknown flag \(argument)") }
            guard let value = remaining.popFirst() else { fail("\(argument) needs a value") }
            values[flag] = value
        }
        var options = FakeServerOptions(key: defaultKey)
        if let host = values["host"] { options.host = host }
        if let text = values["port"] {
            guard let port = UInt16(text) else { fail("--port must be 0...65535, not \(text)") }
            options.port = port
        }
        if let key = values[keyFlag] {
            guard !key.isEmpty else { fail("--\(keyFlag) must not be empty") }
            options.key = key
        }
        if let text = values["log-level"] {
            guard let level = LogLevel(name: text) else { fail("unknown log level \(text)") }
            options.logLevel = level
        }
        return options
    }

    /// Says where the fake listens, in one unbuffered write, so a parent reading the pipe sees it at once.
    package static func announce(toolName: String, url: URL) {
        FileHandle.standardOutput.write(Data("\(toolName) listening on \(url.absoluteString)\n".utf8))
    }
}
