import Foundation
import Glibc
import Synchronization

/// A raw loopback listener that reads each request's head and then acts out a
/// `RawUpstreamBehaviour` (a reset, a silent close, a short or huge body), one connection at a
/// time. One thread blocks in accept; `stop()` shuts the socket down to wake it, and the
/// thread closes the descriptor itself so the number is never reused under it.
package final class RawUpstream: Sendable {
    package let port: UInt16
    private let listenFD: Int32
    /// Body bytes the kernel accepted from us, over every connection: how much of a huge body a
    /// client let through before it hung up (the kernel's socket buffers included).
    private let sent = SentBytes()

    package var bodyBytesSent: Int { sent.total }

    package init(_ behaviour: RawUpstreamBehaviour) throws(FakeUpstreamError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket", errno) }
        guard let port = Self.bindLoopback(fd), listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw .socket("bind/listen", code)
        }
        self.port = port
        listenFD = fd
        let thread = Thread { [sent] in Self.acceptLoop(fd, behaviour, counting: sent) }
        thread.name = "fake-upstream-raw"
        thread.start()
    }

    package func stop() {
        _ = shutdown(listenFD, Int32(SHUT_RDWR))
    }

    /// Binds to 127.0.0.1 on a port the system picks and returns that port.
    package static func bindLoopback(_ fd: Int32) -> UInt16? {
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

    private static func acceptLoop(_ listenFD: Int32, _ behaviour: RawUpstreamBehaviour, counting sent: SentBytes) {
        while true {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            readRequestHead(client)
            act(behaviour, on: client, counting: sent)
            close(client)
        }
        close(listenFD)
    }

    private static func act(_ behaviour: RawUpstreamBehaviour, on fd: Int32, counting sent: SentBytes) {
        // A client that stops reading must not hold this thread for long.
        var sendTimeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        switch behaviour {
        case .resetAfterRequest:
            // SO_LINGER 0: close sends RST instead of FIN.
            var reset = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
        case .closeWithoutAnswer:
            break
        case .truncatedBody(let declared, let sentBytes):
            guard sendAll(fd, Array(head(contentLength: declared).utf8)) else { return }
            _ = sendFiller(fd, bytes: min(sentBytes, declared), counting: sent)
        case .hugeBody(let bytes, let declaresLength):
            guard sendAll(fd, Array(head(contentLength: declaresLength ? bytes : nil).utf8)) else { return }
            _ = sendFiller(fd, bytes: bytes, counting: sent)
        case .endlessHead(let bytes):
            guard sendAll(fd, Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
            let line = Array(("X-Filler: " + String(repeating: "a", count: 1012) + "\r\n").utf8)
            var remaining = bytes
            while remaining > 0, sendAll(fd, line) {
                sent.add(line.count)
                remaining -= line.count
            }
        }
    }

    private static func head(contentLength: Int?) -> String {
        let length = contentLength.map { "Content-Length: \($0)\r\n" } ?? "Connection: close\r\n"
        return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(length)\r\n"
    }

    /// `bytes` of JSON whitespace, 64 KiB at a time; false once the client has gone.
    private static func sendFiller(_ fd: Int32, bytes: Int, counting sent: SentBytes) -> Bool {
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
        var remaining = bytes
        while remaining > 0 {
            let count = min(remaining, chunk.count)
            guard sendAll(fd, chunk[0..<count]) else { return false }
            sent.add(count)
            remaining -= count
        }
        return true
    }

    private static func sendAll(_ fd: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        var pending = Array(bytes)[...]
        while !pending.isEmpty {
            let sent = pending.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            pending = pending.dropFirst(sent)
        }
        return true
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

/// A count shared by a listener and its accept thread.
final class SentBytes: Sendable {
    private let count = Atomic<Int>(0)

    var total: Int { count.load(ordering: .relaxed) }

    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }
}

package enum FakeUpstreamError: Error, CustomStringConvertible {
    case socket(String, Int32)
    case invalidHost(String)

    package var description: String {
        switch self {
        case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .invalidHost(let host): "not a usable host for a URL: \(host)"
        }
    }
}
