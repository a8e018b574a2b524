import Foundation
import Glibc
@testable import ProviderHTTP
import Synchronization
import XCTest

/// An upstream URL goes to libcurl as its origin and its request-target when nothing about it
/// needs libcurl's own reading of the whole URL (`UpstreamRequestTarget`), and the request that reaches
/// the upstream is the one the whole URL made.
final class UpstreamRequestTargetTests: XCTestCase {
    private func start(_ url: String, proxied: Bool = false) -> Int? {
        var url = url
        return url.withUTF8 { UpstreamRequestTarget.start(in: UnsafeRawBufferPointer($0), plainHTTPMayBeProxied: proxied) }
    }

    func testTheTargetBeginsAtThePathAfterTheAuthority() {
        XCTAssertEqual(start("https://api.giphy.com/v1/gifs/search?q=a%20b&fields=id,images.original"), 21)
        XCTAssertEqual(start("http://127.0.0.1:28200/v1/x?y=1"), 22)
        XCTAssertEqual(start("HTTPS://API.EXAMPLE/x"), 19)
        XCTAssertEqual(start("http://[::1]:9/a"), 14)
        XCTAssertEqual(start("https://u:p@host.example:8443/a%20b/v1?old=1"), 29)
        // Dots that are not a whole segment, and dot segments in the query, change nothing.
        XCTAssertEqual(start("https://h/a/.b/..c?x=/../"), 9)
    }

    func testLibcurlKeepsTheWholeURLWhereItsReadingOfItCounts() {
        for url in ["https://h", "https://h?x=1", "https://h#f", "https://h/a#frag", "https://h/a?x=1#frag",
                    "https://h/a/../b", "https://h/a/./b", "https://h/a/..", "https://h/.", "https://h/a/..?x=1",
                    "ftp://h/a", "http:/h/a", "", "https:"] {
            XCTAssertNil(start(url), url)
        }
    }

    /// Through a proxy libcurl sends a plain-http request with the absolute URL and ignores a
    /// target; an https one goes through a CONNECT tunnel, with the target.
    func testAPlainHTTPURLIsGivenWholeWhenAProxyMayBeConfigured() {
        XCTAssertNil(start("http://127.0.0.1:9/v1/x?y=1", proxied: true))
        XCTAssertEqual(start("https://api.giphy.com/v1/x?y=1", proxied: true), 21)
    }

    /// The request line and Host a listener receives: the path and query exactly as written
    /// (escapes, commas and dots as they are), the port in the Host.
    func testTheUpstreamReceivesTheRequestTheWholeURLMade() async throws {
        let listener = try HeadCapturingListener()
        defer { listener.stop() }
        let transport = UpstreamTransport(maxBodyBytes: 1_024, maxConnections: 1)
        let target = "/v1/gifs/a%20b/search?q=caf%C3%A9%2C%20au%20lait&fields=id,images.fixed_width&limit=25"
        let exchange = try await transport.get("http://127.0.0.1:\(listener.port)\(target)", deadline: .seconds(10))
        await transport.shutdown()
        XCTAssertEqual(exchange.status, 200)
        let head = try XCTUnwrap(listener.head)
        let lines = head.components(separatedBy: "\r\n")
        XCTAssertEqual(lines.first, "GET \(target) HTTP/1.1")
        XCTAssertTrue(lines.contains("Host: 127.0.0.1:\(listener.port)"), head)
    }
}

/// One connection on loopback: its request head is kept, and a small 200 answers it. The thread
/// closes the listening descriptor once accept returns (under `listening`'s lock, which `stop`
/// takes to shut it down), so its number is never reused under either.
private final class HeadCapturingListener: Sendable {
    let port: UInt16
    private let fd: Int32
    private let captured = Mutex<String?>(nil)
    private let listening = Mutex(true)

    var head: String? { captured.withLock { $0 } }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard fd >= 0, bound == 0, named == 0, listen(fd, 1) == 0 else {
            if fd >= 0 { close(fd) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serveOne() }
        thread.start()
    }

    private func serveOne() {
        let connection = accept(fd, nil, nil)
        listening.withLock { isListening in
            close(fd)
            isListening = false
        }
        guard connection >= 0 else { return }
        defer { close(connection) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while !bytes.ends(with: Array("\r\n\r\n".utf8)), bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            bytes += chunk[..<count]
        }
        captured.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
        _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func stop() {
        listening.withLock { isListening in
            if isListening { _ = shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
