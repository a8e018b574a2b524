import FakeUnsplash
import FakeUpstream
import Foundation
import HTTPServer

// fake-unsplash: the fake Unsplash as a process, for manual runs and tests from other languages.
//   fake-unsplash [--host 127.0.0.1] [--port 0] [--access-key KEY] [--log-level off|info|...]
// Each flag may also come from the environment: FAKE_UNSPLASH_HOST, FAKE_UNSPLASH_PORT,
// FAKE_UNSPLASH_ACCESS_KEY, FAKE_UNSPLASH_LOG_LEVEL. Prints one line with the base URL once listening.

let options = FakeServerOptions.parse(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, toolName: "fake-unsplash",
    environmentPrefix: "FAKE_UNSPLASH", keyFlag: "access-key", defaultKey: FakeUnsplash.defaultAccessKey)
let fake = FakeUnsplash(accessKey: options.key, host: options.host, port: options.port, logger: Logger(level: options.logLevel))
await fake.serveUntilStopped(toolName: "fake-unsplash")
