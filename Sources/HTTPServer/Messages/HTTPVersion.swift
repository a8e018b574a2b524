/// The protocol version of a request; the server speaks 1.0 and 1.1.
package struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int

    package static let http1_0 = HTTPVersion(major: 1, minor: 0)
    package static let http1_1 = HTTPVersion(major: 1, minor: 1)

    package var description: String { "HTTP/\(major).\(minor)" }
}
