@testable import HTTPServer
import TestSupport
import XCTest

/// Request byte strings, valid and malformed, each with the result the decoder must give.
final class RequestParserTableTests: XCTestCase {
    enum Expected {
        case request(method: String, path: String, body: String = "", keepAlive: Bool = true)
        case status(Int)
        case needMore
    }

    static let longTarget = "/" + String(repeating: "a", count: 8200)
    static let manyFields = (0..<101).map { "X-\($0): v\r\n" }.joined()
    static let bigField = "X-Big: " + String(repeating: "b", count: 33 * 1024) + "\r\n"

    static let cases: [(String, String, Expected)] = [
        // Valid requests.
        ("simple GET", "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n", .request(method: "GET", path: "/healthz")),
        ("HTTP/1.0 without Host closes", "GET / HTTP/1.0\r\n\r\n", .request(method: "GET", path: "/", keepAlive: false)),
        ("HTTP/1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", .request(method: "GET", path: "/")),
        ("Connection: close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", .request(method: "GET", path: "/", keepAlive: false)),
        ("Connection token list", "GET / HTTP/1.1\r\nHost: a\r\nConnection: foo, Close\r\n\r\n", .request(method: "GET", path: "/", keepAlive: false)),
        ("bare LF line endings", "GET /x HTTP/1.1\nHost: a\n\n", .request(method: "GET", path: "/x")),
        ("leading empty line ignored", "\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n", .request(method: "GET", path: "/x")),
        ("header name case-insensitive", "POST /e HTTP/1.1\r\nhOsT: a\r\ncontent-LENGTH: 3\r\n\r\nabc", .request(method: "POST", path: "/e", body: "abc")),
        ("content-length body", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", .request(method: "POST", path: "/e", body: "hello")),
        ("equal duplicate content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi", .request(method: "POST", path: "/e", body: "hi")),
        ("content-length list of equal values", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 2, 2\r\n\r\nhi", .request(method: "POST", path: "/e", body: "hi")),
        ("chunked body", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", .request(method: "POST", path: "/e", body: "hello world")),
        ("chunked with extension and trailer", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n3;name=value\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n", .request(method: "POST", path: "/e", body: "abc")),
        ("chunked uppercase hex", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", .request(method: "POST", path: "/e", body: "0123456789")),
        ("percent-decoded path", "GET /gif/a%20b HTTP/1.1\r\nHost: a\r\n\r\n", .request(method: "GET", path: "/gif/a b")),
        ("absolute-form target", "GET http://example.com/healthz?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n", .request(method: "GET", path: "/healthz")),
        ("absolute-form target without query", "GET http://example.com/gif/abc HTTP/1.1\r\nHost: example.com\r\n\r\n", .request(method: "GET", path: "/gif/abc")),
        ("path of three segments without query", "GET /a/bc/def HTTP/1.1\r\nHost: a\r\n\r\n", .request(method: "GET", path: "/a/bc/def")),
        ("absolute-form without path", "GET http://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n", .request(method: "GET", path: "/")),
        ("obs-text in a value", "GET / HTTP/1.1\r\nHost: a\r\nX-Name: caf\u{e9}\r\n\r\n", .request(method: "GET", path: "/")),
        ("tab inside a value", "GET / HTTP/1.1\r\nHost: a\r\nX-T: a\tb\r\n\r\n", .request(method: "GET", path: "/")),
        ("extension method", "PURGE /x HTTP/1.1\r\nHost: a\r\n\r\n", .request(method: "PURGE", path: "/x")),
        ("Host IPv6 literal with port", "GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n", .request(method: "GET", path: "/")),
        ("Host IPv4 with port", "GET / HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n", .request(method: "GET", path: "/")),
        ("Host empty", "GET / HTTP/1.1\r\nHost: \r\n\r\n", .request(method: "GET", path: "/")),
        ("Host reg-name with sub-delims and pct", "GET / HTTP/1.1\r\nHost: a-b_c~d!$&'()*+,;=%41\r\n\r\n", .request(method: "GET", path: "/")),
        ("zero content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", .request(method: "POST", path: "/e")),
        // Incomplete input waits for more.
        ("head not finished", "GET / HTTP/1.1\r\nHost: a\r\n", .needMore),
        ("body not finished", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc", .needMore),
        ("chunk not finished", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", .needMore),
        // Malformed: 400.
        ("missing version", "GET /\r\nHost: a\r\n\r\n", .status(400)),
        ("two spaces", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("trailing space in request line", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .status(400)),
        ("lowercase version", "GET / http/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("garbage line", "hello\r\n\r\n", .status(400)),
        ("method with a bad character", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("space before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", .status(400)),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n  c\r\n\r\n", .status(400)),
        ("control character in value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{01}c\r\n\r\n", .status(400)),
        ("bare CR in value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", .status(400)),
        ("NUL in target", "GET /a\u{0}b HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("line without colon", "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .status(400)),
        ("empty field name", "GET / HTTP/1.1\r\nHost: a\r\n: v\r\n\r\n", .status(400)),
        ("both content-length and transfer-encoding", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", .status(400)),
        ("differing content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", .status(400)),
        ("non-numeric content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", .status(400)),
        ("negative content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", .status(400)),
        ("plus-signed content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\nabc", .status(400)),
        ("bad chunk size", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", .status(400)),
        ("chunk longer than its size", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", .status(400)),
        ("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", .status(400)),
        ("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .status(400)),
        ("malformed percent-encoding", "GET /a%zz HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("truncated percent-encoding", "GET /a%4 HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("fragment in target", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("target not a path", "GET abc HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ("chunked twice", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", .status(400)),
        ("transfer-encoding in HTTP/1.0", "POST /e HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .status(400)),
        ("Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .status(400)),
        ("Host with a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .status(400)),
        ("Host with a bad port", "GET / HTTP/1.1\r\nHost: a:8o\r\n\r\n", .status(400)),
        ("Host IP-literal unclosed", "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", .status(400)),
        ("bare LF after a chunk size", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\nhello\r\n0\r\n\r\n", .status(400)),
        ("bare LF after chunk data", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n", .status(400)),
        ("trailer name not a token", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX=\u{e9}: 1\r\n\r\n", .status(400)),
        ("trailer without a name", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n: 1\r\n\r\n", .status(400)),
        ("trailer with a control character", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: a\u{0}b\r\n\r\n", .status(400)),
        ("bare LF ending the trailer section", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\n", .status(400)),
        // Other statuses.
        ("gzip transfer coding", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .status(501)),
        ("HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .status(505)),
        ("HTTP/2.0 request", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", .status(505)),
        ("HTTP/1.2 request", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", .status(505)),
        ("HTTP/3", "GET / HTTP/3\r\nHost: a\r\n\r\n", .status(505)),
        ("unknown expectation", "POST /e HTTP/1.1\r\nHost: a\r\nExpect: magic\r\nContent-Length: 1\r\n\r\na", .status(417)),
        ("request line too long", "GET \(longTarget) HTTP/1.1\r\nHost: a\r\n\r\n", .status(414)),
        ("request line too long, unfinished", "GET \(longTarget)", .status(414)),
        ("too many header fields", "GET / HTTP/1.1\r\nHost: a\r\n\(manyFields)\r\n", .status(431)),
        ("header section too large", "GET / HTTP/1.1\r\nHost: a\r\n\(bigField)\r\n", .status(431)),
        ("content-length over the limit", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n", .status(413)),
        ("huge content-length", "POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", .status(413)),
        ("chunk over the limit", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n100001\r\n", .status(413)),
        ("chunk size overflowing", "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFF\r\n", .status(413)),
    ]

    func testEveryCaseGivesItsExpectedResult() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 40)
        for (name, text, expected) in Self.cases {
            let bytes = Array(text.utf8)
            let event = decodeOnce(bytes)
            switch (expected, event) {
            case let (.request(method, path, body, keepAlive), .request(request, gotKeepAlive)):
                XCTAssertEqual(request.method.rawValue, method, name)
                XCTAssertEqual(request.path, path, name)
                XCTAssertEqual(String(decoding: request.body, as: UTF8.self), body, name)
                XCTAssertEqual(gotKeepAlive, keepAlive, name)
            case let (.status(status), .failure(error)):
                XCTAssertEqual(error.status.code, status, name)
            case (.needMore, .needMore):
                break
            default:
                XCTFail("\(name): expected \(expected), got \(event)")
            }
        }
    }

    /// The same requests fed one byte at a time must give the same results.
    func testByteByByteFeedingGivesTheSameResults() {
        for (name, text, expected) in Self.cases where text.utf8.count < 2000 {
            let bytes = Array(text.utf8)
            var decoder = RequestDecoder(limits: HTTPLimits())
            var buffer: [UInt8] = []
            var index = 0
            var last: RequestDecoder.Event = .needMore
            for byte in bytes {
                buffer.append(byte)
                last = buffer.withUnsafeBufferPointer { decoder.next($0, index: &index) }
                if case .sendContinue = last { last = buffer.withUnsafeBufferPointer { decoder.next($0, index: &index) } }
                if case .needMore = last { continue }
                break
            }
            switch (expected, last) {
            case (.request, .request), (.needMore, .needMore): break
            case let (.status(status), .failure(error)): XCTAssertEqual(error.status.code, status, name)
            default: XCTFail("\(name): expected \(expected), got \(last)")
            }
        }
    }

    func testQueryIsDecodedWithPlusAsSpace() {
        guard case .request(let request, _) = decodeOnce(Array("GET /search?q=happy+cat%21&limit=24&flag HTTP/1.1\r\nHost: a\r\n\r\n".utf8)) else {
            return XCTFail("not a request")
        }
        XCTAssertEqual(request.query["q"], "happy cat!")
        XCTAssertEqual(request.query["limit"], "24")
        XCTAssertEqual(request.query["flag"], "")
        XCTAssertNil(request.query["missing"])
        XCTAssertEqual(request.path, "/search")
    }

    func testEncodedSlashStaysInsideItsSegment() {
        guard case .request(let request, _) = decodeOnce(Array("GET /gif/a%2Fb HTTP/1.1\r\nHost: a\r\n\r\n".utf8)) else {
            return XCTFail("not a request")
        }
        XCTAssertEqual(request.pathSegments, ["gif", "a/b"])
    }

    func testPipelinedRequestsComeOutInOrder() {
        let bytes = Array((request("GET", "/1") + request("POST", "/2", body: "xy") + request("GET", "/3")).utf8)
        var decoder = RequestDecoder(limits: HTTPLimits())
        var index = 0
        var paths: [String] = []
        while case .request(let request, _) = bytes.withUnsafeBufferPointer({ decoder.next($0, index: &index) }) {
            paths.append(request.path)
        }
        XCTAssertEqual(paths, ["/1", "/2", "/3"])
        XCTAssertEqual(index, bytes.count)
    }

    func testExpectContinueAsksForContinueBeforeTheBody() {
        let head = Array("POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8)
        var decoder = RequestDecoder(limits: HTTPLimits())
        var buffer = head
        var index = 0
        guard case .sendContinue = buffer.withUnsafeBufferPointer({ decoder.next($0, index: &index) }) else {
            return XCTFail("no 100-continue")
        }
        guard case .needMore = buffer.withUnsafeBufferPointer({ decoder.next($0, index: &index) }) else {
            return XCTFail("continue asked twice")
        }
        buffer += Array("abc".utf8)
        guard case .request(let request, _) = buffer.withUnsafeBufferPointer({ decoder.next($0, index: &index) }) else {
            return XCTFail("no request")
        }
        XCTAssertEqual(request.body, Array("abc".utf8))
    }

    func testChunkFramingFarBeyondItsDataIs400() {
        let flood = (0..<100).map { _ in "1;ext=\(String(repeating: "x", count: 1000))\r\na\r\n" }.joined()
        XCTAssertEqual(status(of: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(flood)0\r\n\r\n", HTTPLimits()), 400)
        // Many small chunks without extensions are fine.
        let small = (0..<2000).map { _ in "1\r\na\r\n" }.joined()
        guard case .request(let request, _) = decodeOnce(Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(small)0\r\n\r\n".utf8)) else {
            return XCTFail("1-byte chunks refused")
        }
        XCTAssertEqual(request.body.count, 2000)
    }

    func testConfiguredLimitsAreUsed() {
        var limits = HTTPLimits()
        limits.maxRequestLineBytes = 20
        limits.maxHeaderCount = 2
        limits.maxBodyBytes = 4
        XCTAssertEqual(status(of: "GET /0123456789012345 HTTP/1.1\r\nHost: a\r\n\r\n", limits), 414)
        XCTAssertEqual(status(of: "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits), 431)
        XCTAssertEqual(status(of: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n", limits), 413)
        XCTAssertEqual(status(of: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", limits), 413)
    }

    private func status(of text: String, _ limits: HTTPLimits) -> Int? {
        if case .failure(let error) = decodeOnce(Array(text.utf8), limits: limits) { return error.status.code }
        return nil
    }

    /// Lines at, just under and just over the trailer-section and chunk-size-line limits, the last
    /// byte malformed or not: one byte at a time must end as all at once does. (The fuzzer found a
    /// trailer line refused as too large byte by byte but as malformed at once.)
    func testLineLimitsEndTheSameAtOnceAndByteByByte() {
        var limits = HTTPLimits()
        limits.maxHeaderBytes = 64
        let head = "POST /e HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        var inputs: [String] = []
        for length in 56...68 {
            for last in ["b", "\u{0}"] {
                let trailer = "X-T: " + String(repeating: "a", count: length - 8) + last + "\r\n"
                inputs.append(head + "0\r\n" + trailer + "\r\n")
                inputs.append(head + "0\r\n" + trailer + "X: 1\r\n\r\n")
            }
        }
        let sizeLine = ChunkedBodyDecoder.maxSizeLineBytes
        for length in (sizeLine - 3)...(sizeLine + 3) {
            for last in ["x", "\u{1}"] {
                let extensionText = ";" + String(repeating: "x", count: length - 3) + last
                inputs.append(head + "1" + extensionText + "\r\na\r\n0\r\n\r\n")
            }
        }
        for input in inputs {
            let bytes = Array(input.utf8)
            let atOnce = describe(decodeOnce(bytes, limits: limits))
            let byteByByte = describe(decodeByteByByte(bytes, limits: limits))
            XCTAssertEqual(atOnce, byteByByte, "\(bytes.count) bytes: \(input.debugDescription.suffix(80))")
        }
    }

    private func describe(_ event: RequestDecoder.Event) -> String {
        switch event {
        case .request(let request, _): "request \(request.body.count) bytes"
        case .failure(let error): "failure \(error.status.code)"
        case .needMore: "need more"
        case .sendContinue: "continue"
        }
    }

    private func decodeByteByByte(_ bytes: [UInt8], limits: HTTPLimits) -> RequestDecoder.Event {
        var decoder = RequestDecoder(limits: limits)
        var buffer: [UInt8] = []
        var index = 0
        var last = RequestDecoder.Event.needMore
        for byte in bytes {
            buffer.append(byte)
            last = buffer.withUnsafeBufferPointer { decoder.next($0, index: &index) }
            if case .needMore = last { continue }
            break
        }
        return last
    }

    private func decodeOnce(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> RequestDecoder.Event {
        var decoder = RequestDecoder(limits: limits)
        var index = 0
        var event = bytes.withUnsafeBufferPointer { decoder.next($0, index: &index) }
        if case .sendContinue = event { event = bytes.withUnsafeBufferPointer { decoder.next($0, index: &index) } }
        return event
    }
}
