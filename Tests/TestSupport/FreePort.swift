import Glibc

/// A loopback port free now (the kernel's choice for port 0), for a helper process that must be
/// told its port (PostgreSQL, nginx, openssl s_server). Another process may take it before the
/// helper binds, so callers check that their helper, not something else, answers there.
package enum FreePort {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String { "no free loopback port" }
    }

    package static func loopback() throws -> UInt16 {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Unavailable() }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) == 0 && getsockname(socketFD, $0, &length) == 0 }
        }
        guard bound else { throw Unavailable() }
        return UInt16(bigEndian: address.sin_port)
    }
}
