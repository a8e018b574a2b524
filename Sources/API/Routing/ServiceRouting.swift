import Service
import Model
import HTTPServer
import Primitives

extension RouterBuilder {
    /// Adds a route whose handler may throw `ServiceError`, on the loop or in its wait: the one
    /// place it becomes the problem the server answers with (other errors pass through; the server
    /// answers them as before). The handler runs on the event loop (`Router.Handler`).
    mutating func serve(_ method: HTTPMethod, _ template: String, handler: @escaping Router.Handler) {
        on(method, template) { request in
            do {
                switch try handler(request) {
                case .ready(let response): return .ready(response)
                case .pending(let wait): return .pending { try await Self.translating(wait) }
                }
            } catch let error as ServiceError {
                throw ServiceErrorTable.problem(for: error)
            }
        }
    }

    /// Adds a route that always waits (its handler runs on a worker), as `serve`.
    mutating func serveWaiting(_ method: HTTPMethod, _ template: String, handler: @escaping Router.WaitingHandler) {
        serve(method, template) { request in .pending { try await handler(request) } }
    }

    private static func translating(_ wait: @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            return try await wait()
        } catch let error as ServiceError {
            throw ServiceErrorTable.problem(for: error)
        }
    }
}
