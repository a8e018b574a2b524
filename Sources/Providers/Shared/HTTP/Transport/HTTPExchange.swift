import Foundation

/// What came back from one request, reduced to what the client reads.
public struct HTTPExchange: Sendable {
    public var status: Int
    public var retryAfter: String?
    public var body: Data
    /// Every response header, names lowercased (an upstream's rate-limit and paging headers).
    public var headers: [String: String] = [:]

    public init(status: Int, retryAfter: String?, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
        self.headers = headers
    }

    /// A header's value by name, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
