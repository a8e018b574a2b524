/// A handler of requests: what the server calls for every request it has read.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async throws -> HTTPResponse

    /// The answer when it is at hand now (a kept body, a problem with the request): the event loop
    /// that read the request sends it at once, with no worker, task or async frame. Nil: the answer
    /// needs waiting for (storage, an upstream), and `respond(to:)` runs on a worker. It must not
    /// block. What it records on `request` (the route match) is kept for `respond(to:)`.
    func respondAtOnce(to request: inout HTTPRequest) throws -> HTTPResponse?
}

extension HTTPResponder {
    package func respondAtOnce(to request: inout HTTPRequest) throws -> HTTPResponse? { nil }
}

/// Maps method and path to a handler. Built once by `RouterBuilder`, then immutable.
/// Unknown path -> 404; known path, other method -> 405 with Allow; HEAD is served by GET.
/// A route has one handler, and may have an at-once one beside it (`RouteHandler`).
package struct Router: HTTPResponder {
    package typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// A route's answer when memory holds it; nil to wait for `Handler`. Never blocks.
    package typealias AtOnceHandler = @Sendable (HTTPRequest) throws -> HTTPResponse?
    /// A route that never waits: the same closure serves both ways.
    package typealias ImmediateHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

    private let root: RouteNode
    /// Every (method, template) pair, in the order added.
    package let routes: [(method: HTTPMethod, template: String)]

    init(root: RouteNode, routes: [(method: HTTPMethod, template: String)]) {
        self.root = root
        self.routes = routes
    }

    /// Looks the request's path up once: records the template in `request.route`, fills
    /// `request.pathParameters`, and keeps the match so `respond(to:)` does not search again.
    /// A request keeps the match of the first router that saw it (a server has one router).
    package func match(_ request: inout HTTPRequest) {
        guard request.routeMatch == nil else { return }
        var parameters = PathParameters()
        guard let node = root.match(request.pathSegments, from: 0, parameters: &parameters) else {
            request.routeMatch = RouteMatch.none
            return
        }
        request.routeMatch = .found(node)
        request.route = node.template
        request.pathParameters = parameters
    }

    /// The methods served at the request's path, as a 405's Allow lists them (HEAD wherever GET
    /// is), for a CORS preflight; nil when no route matches.
    package func allowedMethods(for request: inout HTTPRequest) -> [String]? {
        match(&request)
        guard case .found(let node) = request.routeMatch else { return nil }
        return node.allowedMethods
    }

    package func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        return try await handler(for: &request).respond(request)
    }

    package func respondAtOnce(to request: inout HTTPRequest) throws -> HTTPResponse? {
        try handler(for: &request).atOnce?(request)
    }

    /// The handlers of the request's route (matched and recorded on the request first), for a
    /// responder that calls them itself; throws the 404 or 405 the request gets instead.
    package func handler(for request: inout HTTPRequest) throws(ProblemDetails) -> RouteHandler {
        match(&request)
        guard case .found(let node) = request.routeMatch else {
            throw ProblemDetails.notFound(path: request.path)
        }
        guard let handler = node.handler(for: request.method) else {
            throw ProblemDetails.methodNotAllowed(request.method, allowed: node.allowedMethods)
        }
        return handler
    }
}

/// A route's handlers: `respond`, which may wait, and `atOnce`, tried first on the event loop
/// (nil for a route that always waits). Kept in a struct: a closure kept directly as a
/// dictionary's value is stored generically, and reading it back made a thunk, one allocation
/// per request.
package struct RouteHandler: Sendable {
    package let respond: Router.Handler
    package let atOnce: Router.AtOnceHandler?

    init(respond: @escaping Router.Handler, atOnce: Router.AtOnceHandler?) {
        self.respond = respond
        self.atOnce = atOnce
    }

    /// A handler that gives `response` whichever way it is asked (a CORS preflight's answer).
    package init(answering response: HTTPResponse) {
        self.init(respond: { _ in response }, atOnce: { _ in response })
    }
}

/// Collects routes, then builds the immutable `Router`.
package struct RouterBuilder {
    private var root = RouteDraft()
    private var routes: [(method: HTTPMethod, template: String)] = []

    package init() {}

    /// Adds a route; `template` is a path whose `{name}` segments match any one segment.
    /// `atOnce`, when given, answers from memory on the event loop, or says nil to wait for
    /// `handler`; both must follow the same rules (they call the same checks and lookups).
    /// Adding the same method and template twice is a programming error and stops the program.
    package mutating func on(_ method: HTTPMethod, _ template: String, atOnce: Router.AtOnceHandler? = nil,
                            handler: @escaping Router.Handler) {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let path = template == "/" ? [] : segments
        precondition(template.hasPrefix("/"), "route template must start with /: \(template)")
        precondition(root.insert(path[...], template: template, method: method,
                                 handler: RouteHandler(respond: handler, atOnce: atOnce)),
                     "route added twice: \(method) \(template)")
        routes.append((method, template))
    }

    /// Adds a route that never waits: it is always answered on the event loop.
    package mutating func immediate(_ method: HTTPMethod, _ template: String, handler: @escaping Router.ImmediateHandler) {
        on(method, template, atOnce: { request in try handler(request) }, handler: { request in try handler(request) })
    }

    package mutating func get(_ template: String, handler: @escaping Router.Handler) { on(.get, template, handler: handler) }
    package mutating func post(_ template: String, handler: @escaping Router.Handler) { on(.post, template, handler: handler) }
    package mutating func delete(_ template: String, handler: @escaping Router.Handler) { on(.delete, template, handler: handler) }

    package func build() -> Router { Router(root: root.built(), routes: routes) }
}
