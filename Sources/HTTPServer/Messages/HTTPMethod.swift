/// A request method token; compared case-sensitively, as RFC 9110 says.
package struct HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(_ rawValue: String) { self.rawValue = rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let patch = HTTPMethod("PATCH")
    package static let delete = HTTPMethod("DELETE")
    package static let options = HTTPMethod("OPTIONS")

    package var description: String { rawValue }
}
