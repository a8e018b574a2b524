import FakeKlipy
import FakeUpstream
import Foundation
import HTTPServer

// fake-klipy: the fake KLIPY as a process, for manual runs and tests from other languages.
//   fake-klipy [--host 127.0.0.1] [--port 0] [--app-key KEY] [--log-level off|info|...]
// Each flag may also come from the environment: FAKE_KLIPY_HOST, FAKE_KLIPY_PORT,
// FAKE_KLIPY_APP_KEY, FAKE_KLIPY_LOG_LEVEL. Prints one line with the base URL once listening.

let options = FakeServerOptions.parse(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, toolName: "fake-klipy",
    environmentPrefix: "FAKE_KLIPY", keyFlag: "app-key", defaultKey: FakeKlipy.defaultAPIKey)
let fake = FakeKlipy(apiKey: options.key, host: options.host, port: options.port, logger: Logger(level: options.logLevel))
await fake.serveUntilStopped(toolName: "fake-klipy")
