import Foundation
import Glibc

/// A raw loopback listener that reads each request's head and then resets the connection
/// (SO_LINGER 0, so close sends RST): the "connection reset by peer" our HTTPServer never
/// produces. One thread blocks in accept; `stop()` shuts the socket down to wake it, and the
/// thread closes the descriptor itself so the number is never reused under it.
final class ConnectionResetter: Sendable {
    let port: UInt16
    private let listenFD: Int32

    init() throws(FakeGiphyError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket", errno) }
        guard let port = Self.bindLoopback(fd), listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw .socket("bind/listen", code)
        }
        self.port = port
        listenFD = fd
        let thread = Thread { Self.acceptLoop(fd) }
        thread.name = "fake-giphy-resetter"
        thread.start()
    }

    func stop() {
        _ = shutdown(listenFD, Int32(SHUT_RDWR))
    }

    /// Binds to 127.0.0.1 on a port the system picks and returns that port.
    static func bindLoopback(_ fd: Int32) -> UInt16? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { return nil }
        var actual = sockaddr_in()
        var actualLength = length
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        return named == 0 ? UInt16(bigEndian: actual.sin_port) : nil
    }

    private static func acceptLoop(_ listenFD: Int32) {
        while true {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            readRequestHead(client)
            var reset = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(client, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            close(client)
        }
        close(listenFD)
    }

    /// Reads until the blank line that ends a request head, 64 KiB, or one quiet second.
    private static func readRequestHead(_ fd: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < 64 * 1024 {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 1000) > 0 else { return }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            if containsEnd(received, end) { return }
        }
    }

    private static func containsEnd(_ bytes: [UInt8], _ end: [UInt8]) -> Bool {
        guard bytes.count >= end.count else { return false }
        return (0...(bytes.count - end.count)).contains { bytes[$0..<($0 + end.count)].elementsEqual(end) }
    }
}

public enum FakeGiphyError: Error, CustomStringConvertible {
    case socket(String, Int32)
    case invalidHost(String)

    public var description: String {
        switch self {
        case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .invalidHost(let host): "not a usable host for a URL: \(host)"
        }
    }
}
