import HTTPServer

var builder = RouterBuilder()
builder.get("/healthz") { _ in .json("{\"status\":\"ok\"}") }
let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 8080),
                        responder: builder.build(), logger: Logger(level: .info))
let port = try server.start()
print("listening on \(port)")
await server.waitUntilStopped()
