import Foundation

/// What came back from one request, reduced to what the client reads.
package struct HTTPExchange: Sendable {
    package var status: Int
    package var retryAfter: String?
    package var body: Data
    /// Every response header, names lowercased (an upstream's rate-limit and paging headers).
    package var headers: [String: String] = [:]

    package init(status: Int, retryAfter: String?, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
        self.headers = headers
    }

    /// A header's value by name, whatever its case.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}
