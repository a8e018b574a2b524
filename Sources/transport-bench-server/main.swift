// The transport alone, for benchmarks and the descriptor-exhaustion test: /healthz and one fixed
// JSON body read from a file at start-up. Prints the port it listens on (PORT 0: any free one).
// Usage: transport-bench-server PORT FILE [MAX_CONNECTIONS]
// TRANSPORT_BENCH_HOLD_DESCRIPTORS=N holds N more descriptors once started, standing in for a
// database and upstream sockets that use more than the transport reserves for them.
import Foundation
import Glibc
import HTTPServer

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let port = UInt16(arguments[1]),
      let body = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: transport-bench-server PORT FILE [MAX_CONNECTIONS]\n".utf8))
    exit(2)
}
let bytes = [UInt8](body)
var router = RouterBuilder()
router.get("/healthz") { _ in .json("{\"status\":\"ok\"}") }
router.get("/favorites") { _ in HTTPResponse(status: .ok, contentType: "application/json", body: bytes) }
var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: port)
// One load generator on loopback opens every connection: no cap per client.
configuration.limits.maxConnectionsPerClient = 0
if arguments.count == 4 {
    guard let maxConnections = Int(arguments[3]), maxConnections > 0 else {
        FileHandle.standardError.write(Data("transport-bench-server: MAX_CONNECTIONS must be a positive number\n".utf8))
        exit(2)
    }
    configuration.limits.maxConnections = maxConnections
}
let server = HTTPServer(configuration: configuration, responder: router.build(), logger: Logger(level: .warning))
do {
    let boundPort = try server.start()
    let held = Int(ProcessInfo.processInfo.environment["TRANSPORT_BENCH_HOLD_DESCRIPTORS"] ?? "") ?? 0
    for _ in 0..<held where open("/dev/null", O_RDONLY) < 0 { break }
    FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(boundPort)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("transport-bench-server: \(error)\n".utf8))
    exit(1)
}
await server.waitUntilStopped()
