import Foundation
import Glibc

/// A blocking TCP client for tests: sends exact bytes and reads raw responses, with timeouts.
package final class RawClient {
    package struct Response: Sendable {
        package let status: Int
        package let headers: [(String, String)]
        package let body: [UInt8]

        package func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        package var text: String { String(decoding: body, as: UTF8.self) }

        package var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        }
    }

    package enum ClientError: Error { case connect(Int32), closed, timeout, malformed(String) }

    package private(set) var fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host`:`port`; from the loopback address `source` when given (127.0.0.2, say),
    /// so one test can be several clients. `timeout` bounds each read and write: by default
    /// `eventTimeout`, as an answer that should come at once may take seconds under a sanitizer
    /// on a loaded machine (5 s was the default); only a broken run waits it out.
    package init(port: UInt16, host: String = "127.0.0.1", from source: String? = nil, timeout: Double = eventTimeoutSeconds) throws {
        let v6 = host.contains(":")
        fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError.connect(errno) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if let source, !v6 {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let error = errno
                close(fd)
                throw ClientError.connect(error)
            }
        }
        let result: Int32
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw ClientError.connect(error)
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Closes with a reset (RST) instead of an orderly FIN, as a crashing client would.
    package func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
        fd = -1
    }

    package func send(_ text: String) throws { try send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ClientError.closed }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError.timeout }
        if errno == ECONNRESET { return false }
        throw ClientError.closed
    }

    /// Reads one response; `bodyless` for answers to HEAD.
    package func readResponse(bodyless: Bool = false) throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            if let range = findHeadEnd() { headEnd = range } else if try !fill() { throw ClientError.closed }
        }
        guard let end = headEnd else { throw ClientError.closed }
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ClientError.malformed(headText) }
        let statusParts = lines.removeFirst().split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError.malformed(headText) }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        buffer.removeSubrange(0..<(end + 4))
        var length = 0
        if !bodyless, status != 204, status >= 200,
           let value = headers.first(where: { $0.0.lowercased() == "content-length" })?.1 {
            length = Int(value) ?? 0
        }
        while buffer.count < length { if try !fill() { throw ClientError.closed } }
        let body = Array(buffer[0..<length])
        buffer.removeSubrange(0..<length)
        return Response(status: status, headers: headers, body: body)
    }

    /// True when the server closed the connection (end of stream) with nothing more to read.
    /// True when the server has closed the connection (or reset it) within `seconds`; false when
    /// it is still open then. Reads nothing a response could need: only an end of stream counts.
    package func closes(within seconds: Double) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN) | 0x2000 /* POLLRDHUP */, revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return false }
        if descriptor.revents & (Int16(POLLHUP) | Int16(POLLERR) | 0x2000) != 0 { return true }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    /// Bytes the server has sent that wait in the kernel for this client to read.
    package var unreadByteCount: Int {
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Whether the server (on this machine, IPv4) has read every byte this client sent: its socket's
    /// receive queue in /proc/net/tcp is empty. For a test that must know the server has seen bytes
    /// it sends no answer to yet; false while they wait, or when the socket is not found.
    package var serverHasReadEverythingSent: Bool {
        // Read to its end: String(contentsOfFile:) stops after one read of a /proc file (4 KB).
        guard let mine = Self.procAddress(fd, peer: false), let theirs = Self.procAddress(fd, peer: true),
              let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return false }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        // Fields: sl, local_address, rem_address, st, tx_queue:rx_queue, ...; the server's socket
        // is the one whose local address is this client's peer.
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1] == theirs, fields[2] == mine else { continue }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) } == 0
        }
        return false
    }

    /// An IPv4 socket's local (or peer) address as /proc/net/tcp writes it: the address's 32 bits
    /// as the machine holds them, and the port, in hex.
    private static func procAddress(_ fd: Int32, peer: Bool) -> String? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let got = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
            }
        }
        guard got == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return String(format: "%08X:%04X", address.sin_addr.s_addr, UInt16(bigEndian: address.sin_port))
    }

    package func isClosedByServer() -> Bool {
        do { return try !fill() && buffer.isEmpty } catch ClientError.timeout { return false } catch { return true }
    }

    /// Everything until the server closes.
    package func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// The text of a request with a Host header, and a Content-Length when there is a body.
package func request(_ method: String = "GET", _ target: String, headers: [String] = [], body: String? = nil) -> String {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
    for header in headers { text += header + "\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n"
    if let body { text += body }
    return text
}
