import FakePexels
import FakeUpstream
import Foundation
import HTTPServer

// fake-pexels: the fake Pexels as a process, for manual runs and tests from other languages.
//   fake-pexels [--host 127.0.0.1] [--port 0] [--api-key KEY] [--log-level off|info|...]
// Each flag may also come from the environment: FAKE_PEXELS_HOST, FAKE_PEXELS_PORT,
// FAKE_PEXELS_API_KEY, FAKE_PEXELS_LOG_LEVEL. Prints one line with the base URL once listening.

let options = FakeServerOptions.parse(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, toolName: "fake-pexels",
    environmentPrefix: "FAKE_PEXELS", keyFlag: "api-key", defaultKey: FakePexels.defaultAPIKey)
let fake = FakePexels(apiKey: options.key, host: options.host, port: options.port, logger: Logger(level: options.logLevel))
await fake.serveUntilStopped(toolName: "fake-pexels")
