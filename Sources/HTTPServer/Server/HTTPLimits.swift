/// Bounds on what a client may send and how long it may take; each one configurable.
package struct HTTPLimits: Sendable, Equatable {
    /// Longest request line (method, target, version); longer -> 414.
    package var maxRequestLineBytes = 8 * 1024
    /// Largest header section; larger -> 431.
    package var maxHeaderBytes = 32 * 1024
    /// Most header fields; more -> 431.
    package var maxHeaderCount = 100
    /// Largest request body; larger -> 413.
    package var maxBodyBytes = 1024 * 1024
    /// Time a client has to send a whole request head (and each stretch of its body); then 408.
    package var headTimeout: Duration = .seconds(10)
    /// Time a client has to send a whole request, head and body, from its first byte; then 408.
    /// Body progress restarts the head timeout, so without this a body dribbled a byte at a time
    /// could hold a connection for `maxBodyBytes` head timeouts.
    package var requestTimeout: Duration = .seconds(60)
    /// An idle keep-alive connection is closed after this long.
    package var idleTimeout: Duration = .seconds(60)
    /// Open connections at most. At the limit, a new client takes the place of the oldest idle
    /// keep-alive connection (closed for it); with none idle, it is answered 503. At start the server
    /// lowers it to what RLIMIT_NOFILE leaves after `DescriptorLimit.reserved` descriptors for the
    /// database, upstream sockets and its own, so connections never starve those of descriptors.
    package var maxConnections = 4096
    /// Open connections one client (an IPv4 address, an IPv6 /64) may hold; past it a new one is
    /// answered 429 and closed, as nginx's `limit_conn` does. 0: no cap. Addresses in
    /// `HTTPServerConfiguration.connectionLimitExempt` are never capped.
    package var maxConnectionsPerClient = 256

    package init() {}
}
