import Foundation
import HTTPServer

/// Control of a running fake from outside the process (the `fake-giphy`, `fake-unsplash` executables):
///   POST /__fault   {"fault": NAME, ..., "times": 2 | "sticky": true, "path": "/v1/gifs/search"}
///   DELETE /__fault clears every fault
///   GET /__calls    {"total": N, "by_path": {...}};  DELETE /__calls resets the counts
/// Each fake reads its own fault names from the body (`parseFault`).
public enum AdminRoutes {
    public static func add<Fault>(to router: inout RouterBuilder, faults: FaultBoard<Fault>, calls: CallLog,
                                  parseFault: @escaping @Sendable ([String: Any]) -> Fault?) {
        router.post("/__fault") { request in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
                throw ProblemDetails.badRequest("The body must be a JSON object.")
            }
            guard let fault = parseFault(object) else {
                throw ProblemDetails.badRequest("Unknown or incomplete fault: \(object["fault"] as? String ?? "none").")
            }
            let lifetime: FaultLifetime = (object["sticky"] as? Bool == true) ? .sticky : .times((object["times"] as? Int) ?? 1)
            faults.arm(fault, lifetime: lifetime, pathPrefix: object["path"] as? String)
            return HTTPResponse(status: .noContent)
        }
        router.delete("/__fault") { _ in
            faults.clear()
            return HTTPResponse(status: .noContent)
        }
        router.get("/__calls") { _ in
            let byPath = calls.countsByPath.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.int($0.value)) }
            let body = JSONValue.object([("total", .int(calls.count(path: nil))), ("by_path", .object(byPath))])
            return .json(body.text)
        }
        router.delete("/__calls") { _ in
            calls.reset()
            return HTTPResponse(status: .noContent)
        }
    }
}
