import Primitives

/// A response now, or the wait for it that a worker runs.
package typealias HTTPAnswer = ReadyOrPending<HTTPResponse>

/// A handler of requests: what the server calls for every request it has read.
package protocol HTTPResponder: Sendable {
    /// Runs once, on the event loop that read the request, and must not block: the response when
    /// it is at hand (a kept body, a problem with the request), sent at once with no worker, task
    /// or async frame; else the wait a worker runs, which captures what was read here (the route,
    /// the inputs) so nothing is read twice. What it records on `request` (the route match) stays.
    func answer(_ request: inout HTTPRequest) throws -> HTTPAnswer
}

extension HTTPResponder {
    /// The answer, waited for: for a caller that drives a responder in memory (the tests).
    package func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        return try await answer(&request).value()
    }
}

/// Maps method and path to a handler. Built once by `RouterBuilder`, then immutable.
/// Unknown path -> 404; known path, other method -> 405 with Allow; HEAD is served by GET.
/// A route has one handler, run on the event loop: its answer is ready, or a wait for a worker.
package struct Router: HTTPResponder {
    /// Never blocks: what needs waiting for (storage, an upstream) is in the `.pending` answer.
    package typealias Handler = @Sendable (HTTPRequest) throws -> HTTPAnswer
    /// A route that always waits: run on a worker.
    package typealias WaitingHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

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

    package func answer(_ request: inout HTTPRequest) throws -> HTTPAnswer {
        try handler(for: &request).answer(request)
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

/// A route's handler. Kept in a struct: a closure kept directly as a dictionary's value is stored
/// generically, and reading it back made a thunk, one allocation per request.
package struct RouteHandler: Sendable {
    package let answer: Router.Handler

    init(answer: @escaping Router.Handler) {
        self.answer = answer
    }

    /// A handler that gives `response` (a CORS preflight's answer).
    package init(answering response: HTTPResponse) {
        self.init(answer: { _ in .ready(response) })
    }
}

/// Collects routes, then builds the immutable `Router`.
package struct RouterBuilder {
    private var root = RouteDraft()
    private var routes: [(method: HTTPMethod, template: String)] = []

    package init() {}

    /// Adds a route; `template` is a path whose `{name}` segments match any one segment.
    /// Adding the same method and template twice is a programming error and stops the program.
    package mutating func on(_ method: HTTPMethod, _ template: String, handler: @escaping Router.Handler) {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let path = template == "/" ? [] : segments
        precondition(template.hasPrefix("/"), "route template must start with /: \(template)")
        precondition(root.insert(path[...], template: template, method: method,
                                 handler: RouteHandler(answer: handler)),
                     "route added twice: \(method) \(template)")
        routes.append((method, template))
    }

    /// Adds a route that never waits: always answered on the event loop.
    package mutating func immediate(_ method: HTTPMethod, _ template: String,
                                    handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        on(method, template) { request in .ready(try handler(request)) }
    }

    /// Adds a route that always waits: its handler runs on a worker.
    package mutating func waiting(_ method: HTTPMethod, _ template: String, handler: @escaping Router.WaitingHandler) {
        on(method, template) { request in .pending { try await handler(request) } }
    }

    package mutating func get(_ template: String, handler: @escaping Router.WaitingHandler) { waiting(.get, template, handler: handler) }
    package mutating func post(_ template: String, handler: @escaping Router.WaitingHandler) { waiting(.post, template, handler: handler) }
    package mutating func delete(_ template: String, handler: @escaping Router.WaitingHandler) { waiting(.delete, template, handler: handler) }

    package func build() -> Router { Router(root: root.built(), routes: routes) }
}
