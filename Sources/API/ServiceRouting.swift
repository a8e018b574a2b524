import Service
import Model
import HTTPServer

extension RouterBuilder {
    /// Adds a route whose handler may throw `ServiceError`: the one place it becomes the problem
    /// the server answers with (other errors pass through; the server answers them as before).
    mutating func serve(_ method: HTTPMethod, _ template: String, handler: @escaping Router.Handler) {
        on(method, template) { request in
            do {
                return try await handler(request)
            } catch let error as ServiceError {
                throw ServiceErrorTable.problem(for: error)
            }
        }
    }
}
