import Service
import Model
import HTTPServer

extension RouterBuilder {
    /// Adds a route whose handlers may throw `ServiceError`: the one place it becomes the problem
    /// the server answers with (other errors pass through; the server answers them as before).
    /// `atOnce`: the route's answer from memory, tried first on the event loop (`RouteHandler`).
    mutating func serve(_ method: HTTPMethod, _ template: String, atOnce: Router.AtOnceHandler? = nil,
                        handler: @escaping Router.Handler) {
        on(method, template, atOnce: atOnce.map(Self.translating), handler: { request in
            do {
                return try await handler(request)
            } catch let error as ServiceError {
                throw ServiceErrorTable.problem(for: error)
            }
        })
    }

    private static func translating(_ atOnce: @escaping Router.AtOnceHandler) -> Router.AtOnceHandler {
        { request in
            do {
                return try atOnce(request)
            } catch let error as ServiceError {
                throw ServiceErrorTable.problem(for: error)
            }
        }
    }
}
