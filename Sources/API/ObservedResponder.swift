import Foundation
import HTTPServer

/// Wraps the responder to count every answer by route template and status (as sent, so a 304
/// counts as 304), and time it. The router matches the route once and records its template on
/// the request; the responders inside reuse that match.
struct ObservedResponder: HTTPResponder {
    let next: any HTTPResponder
    let router: Router
    let metrics: RequestMetrics

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        var request = request
        router.match(&request)
        let route = request.route ?? "unmatched"
        func record(_ status: Int) {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            metrics.record(route: route, status: status, seconds: seconds)
        }
        do {
            let response = try await next.respond(to: request)
            record(response.status.code)
            return response
        } catch let problem as ProblemDetails {
            record(problem.status.code)
            throw problem
        } catch let failure as any HTTPResponseError {
            record(failure.response(problemTypePrefix: "").status.code)
            throw failure
        } catch {
            record(500)
            throw error
        }
    }
}
