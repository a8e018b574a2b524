import FakeGiphy
import FakeUpstream
import Foundation
import HTTPServer

// fake-giphy: the fake GIPHY as a process, for manual runs and tests from other languages.
//   fake-giphy [--host 127.0.0.1] [--port 0] [--api-key KEY] [--log-level off|info|...]
// Each flag may also come from the environment: FAKE_GIPHY_HOST, FAKE_GIPHY_PORT,
// FAKE_GIPHY_API_KEY, FAKE_GIPHY_LOG_LEVEL. Prints one line with the base URL once listening.

let options = FakeServerOptions.parse(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, toolName: "fake-giphy",
    environmentPrefix: "FAKE_GIPHY", keyFlag: "api-key", defaultKey: FakeGiphy.defaultAPIKey)
let fake = FakeGiphy(apiKey: options.key, host: options.host, port: options.port, logger: Logger(level: options.logLevel))
await fake.serveUntilStopped(toolName: "fake-giphy")
