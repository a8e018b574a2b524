/// One request as the router and handlers see it: the head decoded, the whole body read.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The request target exactly as received.
    package var target: String
    /// The percent-decoded path.
    package var path: String
    /// The path's segments, each percent-decoded on its own (so an encoded "/" stays inside its segment).
    package var pathSegments: [String]
    package var query: QueryParameters
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// Values of the route template's `{name}` segments, filled in by the router.
    package var pathParameters = PathParameters()
    /// The template of the route the router matched (`/gifs/{id}`), recorded once by `Router.match`;
    /// nil before that, and when no route matched.
    package internal(set) var route: String?
    /// The router's match itself, so answering the request does not look the route up again.
    var routeMatch: RouteMatch?
    /// The address of the connection's other end (numeric IPv4 or IPv6, no port): the client, or
    /// the proxy in front of it. Nil for a request not read from a socket.
    package var remoteAddress: String?
    /// The event loop's reading of the clock when it woke to read this request (CLOCK_MONOTONIC
    /// nanoseconds): its answer is timed from there. Nil for a request not read from a socket.
    package var receivedAt: UInt64?

    package init(
        method: HTTPMethod, target: String, path: String, pathSegments: [String],
        query: QueryParameters = QueryParameters(), version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.pathSegments = pathSegments
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }
}
