/// What the shared failure mapping needs to know of one provider's call: how to name it in a
/// reason (never with its query, which may hold a key) and what a 404 means there.
package protocol UpstreamEndpoint: Sendable {
    /// The path for logs and error reasons: never the query.
    var displayPath: String { get }
    /// True where a 404 means "no such item" (a lookup by id); elsewhere it is a rejection.
    var notFoundMeansUnknownItem: Bool { get }
    /// The upstream's name in reasons ("GIPHY", "Unsplash").
    var upstreamName: String { get }
}
