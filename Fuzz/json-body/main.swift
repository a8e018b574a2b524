// libFuzzer target: the JSON request body (POST /favorites' {"id": "..."}), as the API reads it.
// Built by scripts/fuzz.sh from the API's body reader, the transport's messages and the service's
// errors, compiled as one module.
//
// Invariants, besides "no crash, no hang": a body is either read (the id is a string) or refused
// as 400 invalid_body or invalid_parameter; nothing else is thrown.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let request = HTTPRequest(method: .post, target: "/favorites", path: "/favorites", pathSegments: ["favorites"],
                              headers: ["Content-Type": "application/json"], body: body)
    do {
        _ = try JSONBody.stringField("id", of: request)
    } catch let problem as ProblemDetails {
        if problem.status != .badRequest || problem.code != "invalid_body" {
            fatalError("unexpected problem \(problem.code) for a JSON body")
        }
    } catch let error as ServiceError {
        if error.kind != .invalidParameter { fatalError("unexpected service error \(error.kind)") }
    } catch {
        fatalError("unexpected error \(error)")
    }
    return 0
}
