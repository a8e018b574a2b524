/// One request as the router and handlers see it: the head decoded, the whole body read.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as received.
    public var target: String
    /// The percent-decoded path.
    public var path: String
    /// The path's segments, each percent-decoded on its own (so an encoded "/" stays inside its segment).
    public var pathSegments: [String]
    public var query: QueryParameters
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Values of the route template's `{name}` segments, filled in by the router.
    public var pathParameters = PathParameters()
    /// The template of the route the router matched (`/gifs/{id}`), recorded once by `Router.match`;
    /// nil before that, and when no route matched.
    public internal(set) var route: String?
    /// The router's match itself, so answering the request does not look the route up again.
    var routeMatch: RouteMatch?
    /// The address of the connection's other end (numeric IPv4 or IPv6, no port): the client, or
    /// the proxy in front of it. Nil for a request not read from a socket.
    public var remoteAddress: String?
    /// The event loop's reading of the clock when it woke to read this request (CLOCK_MONOTONIC
    /// nanoseconds): its answer is timed from there. Nil for a request not read from a socket.
    public var receivedAt: UInt64?

    public init(
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
