/// The protocol version of a request; the server speaks 1.0 and 1.1.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }
}
