import Foundation
import HTTPServer

/// Control of a running fake from outside the process (the `fake-giphy` executable):
///   POST /__fault   {"fault": "rate_limited", "body": "meta", "retry_after": 30, "times": 2 | "sticky": true, "path": "/v1/gifs/search"}
///   DELETE /__fault clears every fault
///   GET /__calls    {"total": N, "by_path": {...}};  DELETE /__calls resets the counts
/// Fault names: delay (with "delay_ms"), rate_limited, unauthorized, forbidden, server_error,
/// service_unavailable, not_json, truncated_json, synthetic. "body" is "message" or "meta".
enum AdminRoutes {
    static func add(to router: inout RouterBuilder, faults: FaultBoard, calls: CallLog) {
        router.post("/__fault") { request in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
                throw ProblemDetails.badRequest("The body must be a JSON object.")
            }
            guard let fault = fault(from: object) else {
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

    static func fault(from object: [String: Any]) -> FakeGiphyFault? {
        let shape = (object["body"] as? String).flatMap(FakeGiphyFault.ErrorBodyShape.init(rawValue:)) ?? .message
        switch object["fault"] as? String {
        case "delay": return (object["delay_ms"] as? Int).map { .delay(milliseconds: $0) }
        case "rate_limited": return .rateLimited(body: shape, retryAfter: object["retry_after"] as? Int)
        case "unauthorized": return .unauthorized(body: shape)
        case "forbidden": return .forbidden(body: shape)
        case "server_error": return .serverError
        case "service_unavailable": return .serviceUnavailable
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        case "synthetic": return .synthetic
        default: return nil
        }
    }
}
