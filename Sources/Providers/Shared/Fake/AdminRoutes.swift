import Foundation
import HTTPServer
import JSON

/// Control of a running fake from outside the process (the `fake-giphy`, `fake-unsplash` executables):
///   POST /__fault   {"fault": NAME, ..., "times": 2 | "sticky": true, "path": "/v1/gifs/search"}
///   DELETE /__fault clears every fault
///   GET /__calls    {"total": N, "by_path": {...}, "recent": [{"path": ..., "parameters": [[name, value], ...]}]};
///                   DELETE /__calls resets the counts
/// Each fake reads its own fault names from the body (`parseFault`: nil for a name it does not
/// know). The body is read by the server's one reader, strictly: a member of the wrong type is a
/// 400 naming it, never a default taken in its place.
package enum AdminRoutes {
    package typealias FaultParser<Fault> = @Sendable (JSONObject) throws(JSONShapeError) -> Fault?

    package static func add<Fault>(to router: inout RouterBuilder, faults: FaultBoard<Fault>, calls: CallLog,
                                  parseFault: @escaping FaultParser<Fault>) {
        router.post("/__fault") { request in
            guard let object = try? JSONObject(parsing: Data(request.body)) else {
                throw ProblemDetails.badRequest("The body must be a JSON object.")
            }
            let armed: (fault: Fault?, lifetime: FaultLifetime, path: String?)
            do {
                armed = (try parseFault(object), try lifetime(object), try object.optionalString("path"))
            } catch {
                throw ProblemDetails.badRequest("The fault cannot be read: \(error).")
            }
            guard let fault = armed.fault else {
                let name = (try? object.optionalString("fault")) ?? nil
                throw ProblemDetails.badRequest("Unknown or incomplete fault: \(name ?? "none").")
            }
            faults.arm(fault, lifetime: armed.lifetime, pathPrefix: armed.path)
            return HTTPResponse(status: .noContent)
        }
        router.delete("/__fault") { _ in
            faults.clear()
            return HTTPResponse(status: .noContent)
        }
        router.get("/__calls") { _ in
            let byPath = calls.countsByPath.sorted { $0.key < $1.key }
            return FakeBody.response(200, FakeBody.object { writer in
                writer.member("total", calls.count(path: nil))
                writer.key("by_path")
                writer.object { writer in
                    for (path, count) in byPath { writer.key(escaping: path); writer.int(count) }
                }
                // The latest calls with their query parameters (what a rating or an offset was
                // asked at), a key sent as `api_key` left out.
                writer.key("recent")
                writer.array(calls.recent) { writer, call in
                    writer.object { writer in
                        writer.key("parameters")
                        writer.array(call.parameters.filter { $0.name != "api_key" }) { writer, parameter in
                            writer.array([parameter.name, parameter.value]) { writer, text in writer.string(text) }
                        }
                        writer.member("path", call.path)
                    }
                }
            })
        }
        router.delete("/__calls") { _ in
            calls.reset()
            return HTTPResponse(status: .noContent)
        }
    }

    /// `"sticky": true` until cleared, else `"times"` calls (1 when absent).
    private static func lifetime(_ object: JSONObject) throws(JSONShapeError) -> FaultLifetime {
        if try object.optionalBool("sticky") == true { return .sticky }
        return .times(try object.optionalInt("times", in: Int.min...Int.max) ?? 1)
    }
}
