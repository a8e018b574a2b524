import Foundation
import Glibc

/// Loopback base URLs for the fakes: where one listens, and where nothing does.
package enum LoopbackURL {
    /// `http://HOST:PORT` followed by `path` ("/v1" for GIPHY, "" for Unsplash).
    package static func make(host: String, port: UInt16, path: String) throws(FakeUpstreamError) -> URL {
        let authority = host.contains(":") ? "[\(host)]" : host
        guard let url = URL(string: "http://\(authority):\(port)\(path)") else { throw .invalidHost(host) }
        return url
    }

    /// A base URL on a loopback port where nothing listens, so every call is refused: bound
    /// to get a free port, then closed without listening. (Another process could take the port
    /// in between; on a test machine that is rare enough.)
    package static func refusing(path: String) throws(FakeUpstreamError) -> URL {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket", errno) }
        defer { close(fd) }
        guard let port = RawUpstream.bindLoopback(fd) else { throw .socket("bind", errno) }
        return try make(host: "127.0.0.1", port: port, path: path)
    }
}
