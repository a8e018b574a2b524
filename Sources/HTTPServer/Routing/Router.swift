/// A handler of requests: what the server calls for every request it has read.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async throws -> HTTPResponse
}

/// Maps method and path to a handler. Built once by `RouterBuilder`, then immutable.
/// Unknown path -> 404; known path, other method -> 405 with Allow; HEAD is served by GET.
public struct Router: HTTPResponder {
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let root: RouteNode
    /// Every (method, template) pair, in the order added.
    public let routes: [(method: HTTPMethod, template: String)]

    init(root: RouteNode, routes: [(method: HTTPMethod, template: String)]) {
        self.root = root
        self.routes = routes
    }

    /// Looks the request's path up once: records the template in `request.route`, fills
    /// `request.pathParameters`, and keeps the match so `respond(to:)` does not search again.
    /// A request keeps the match of the first router that saw it (a server has one router).
    public func match(_ request: inout HTTPRequest) {
        guard request.routeMatch == nil else { return }
        var parameters: [String: String] = [:]
        guard let node = root.match(request.pathSegments[...], parameters: &parameters) else {
            request.routeMatch = RouteMatch.none
            return
        }
        request.routeMatch = .found(node)
        request.route = node.template
        request.pathParameters = parameters
    }

    /// The methods served at the request's path, as a 405's Allow lists them (HEAD wherever GET
    /// is), for a CORS preflight; nil when no route matches.
    public func allowedMethods(for request: inout HTTPRequest) -> [String]? {
        match(&request)
        guard case .found(let node) = request.routeMatch else { return nil }
        return node.allowedMethods
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        return try await handler(for: &request)(request)
    }

    /// The handler of the request's route (matched and recorded on the request first), for a
    /// responder that calls it itself; throws the 404 or 405 the request gets instead.
    public func handler(for request: inout HTTPRequest) throws(ProblemDetails) -> Handler {
        match(&request)
        guard case .found(let node) = request.routeMatch else {
            throw ProblemDetails.notFound(path: request.path)
        }
        let method = request.method
        guard let handler = node.handlers[method] ?? (method == .head ? node.handlers[.get] : nil) else {
            throw ProblemDetails.methodNotAllowed(method, allowed: node.allowedMethods)
        }
        return handler.respond
    }
}

/// Collects routes, then builds the immutable `Router`.
public struct RouterBuilder {
    private var root = RouteDraft()
    private var routes: [(method: HTTPMethod, template: String)] = []

    public init() {}

    /// Adds a route; `template` is a path whose `{name}` segments match any one segment.
    /// Adding the same method and template twice is a programming error and stops the program.
    public mutating func on(_ method: HTTPMethod, _ template: String, handler: @escaping Router.Handler) {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let path = template == "/" ? [] : segments
        precondition(template.hasPrefix("/"), "route template must start with /: \(template)")
        precondition(root.insert(path[...], template: template, method: method, handler: handler),
                     "route added twice: \(method) \(template)")
        routes.append((method, template))
    }

    public mutating func get(_ template: String, handler: @escaping Router.Handler) { on(.get, template, handler: handler) }
    public mutating func post(_ template: String, handler: @escaping Router.Handler) { on(.post, template, handler: handler) }
    public mutating func delete(_ template: String, handler: @escaping Router.Handler) { on(.delete, template, handler: handler) }

    public func build() -> Router { Router(root: root.built(), routes: routes) }
}
