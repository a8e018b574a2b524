import Foundation
import Glibc

extension FakeGiphy {
    /// A base URL on a loopback port where nothing listens, so every call is refused: bound
    /// to get a free port, then closed without listening. (Another process could take the port
    /// in between; on a test machine that is rare enough.)
    public static func refusingBaseURL() throws -> URL {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FakeGiphyError.socket("socket", errno) }
        defer { close(fd) }
        guard let port = RawUpstream.bindLoopback(fd) else { throw FakeGiphyError.socket("bind", errno) }
        return try baseURL(host: "127.0.0.1", port: port)
    }

    static func baseURL(host: String, port: UInt16) throws -> URL {
        let authority = host.contains(":") ? "[\(host)]" : host
        guard let url = URL(string: "http://\(authority):\(port)/v1") else { throw FakeGiphyError.invalidHost(host) }
        return url
    }
}
