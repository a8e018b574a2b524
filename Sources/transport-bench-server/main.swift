// The transport alone, for benchmarks: /healthz and one fixed JSON body read from a file at start-up.
// Usage: transport-bench-server PORT FILE
import Foundation
import HTTPServer

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = UInt16(arguments[1]),
      let body = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: transport-bench-server PORT FILE\n".utf8))
    exit(2)
}
let bytes = [UInt8](body)
var router = RouterBuilder()
router.get("/healthz") { _ in .json("{\"status\":\"ok\"}") }
router.get("/favorites") { _ in HTTPResponse(status: .ok, contentType: "application/json", body: bytes) }
let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: port),
                        responder: router.build(), logger: Logger(level: .warning))
do {
    try server.start()
} catch {
    FileHandle.standardError.write(Data("transport-bench-server: \(error)\n".utf8))
    exit(1)
}
await server.waitUntilStopped()
