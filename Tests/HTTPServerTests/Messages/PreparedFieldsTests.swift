@testable import HTTPServer
import XCTest

/// Fields prepared once read like any others, are written as the bytes they became, follow the
/// same rule for what a head may carry, and are replaced like any field set again.
final class PreparedFieldsTests: XCTestCase {
    private static let date = "Tue, 24 Nov 2026 20:00:00 GMT"

    private func head(_ response: HTTPResponse) -> String {
        String(decoding: ResponseHead.bytes(for: response, connection: nil, date: Self.date), as: UTF8.self)
    }

    func testAResponseFromPreparedFieldsHasTheSameHeadAsOneWithTheFieldsSet() {
        let fields: [HTTPHeaders.Field] = [("Content-Type", "application/json"), ("ETag", "\"abc\""), ("Content-Encoding", "gzip")]
        var prepared = HTTPResponse(status: .ok, headers: HTTPHeaders(prepared: PreparedFields(fields)), body: Array("{}".utf8))
        var plain = HTTPResponse(status: .ok, body: Array("{}".utf8))
        for field in fields { plain.headers.add(name: field.name, value: field.value) }
        prepared.headers.set(name: "X-Cache", value: "HIT")
        plain.headers.set(name: "X-Cache", value: "HIT")
        XCTAssertEqual(head(prepared), head(plain))
        XCTAssertEqual(head(prepared), "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nContent-Length: 2\r\nContent-Type: application/json"
            + "\r\nETag: \"abc\"\r\nContent-Encoding: gzip\r\nX-Cache: HIT\r\n\r\n")
    }

    func testPreparedFieldsAreFoundAndIteratedFirst() {
        var headers = HTTPHeaders(prepared: PreparedFields([("Content-Type", "text/plain"), ("ETag", "\"1\"")]))
        headers.add(name: "Vary", value: "Accept-Encoding")
        headers.add(name: "vary", value: "Origin")
        XCTAssertEqual(headers["etag"], "\"1\"")
        XCTAssertTrue(headers.contains(name: "CONTENT-TYPE"))
        XCTAssertEqual(headers.values(of: "Vary"), ["Accept-Encoding", "Origin"])
        XCTAssertEqual(headers.count, 4)
        XCTAssertEqual(headers.map(\.name), ["Content-Type", "ETag", "Vary", "vary"])
    }

    func testSettingOrRemovingAPreparedFieldReplacesIt() {
        var headers = HTTPHeaders(prepared: PreparedFields([("Content-Type", "text/plain"), ("ETag", "\"1\"")]))
        headers.add(name: "X-Cache", value: "HIT")
        headers.set(name: "ETag", value: "\"2\"")
        XCTAssertEqual(headers.values(of: "etag"), ["\"2\""])
        XCTAssertEqual(headers.map(\.name), ["Content-Type", "X-Cache", "ETag"])
        var response = HTTPResponse(status: .ok, headers: headers, body: [])
        XCTAssertEqual(head(response), "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nContent-Length: 0\r\nContent-Type: text/plain"
            + "\r\nX-Cache: HIT\r\nETag: \"2\"\r\n\r\n")
        response.headers.remove(name: "content-type")
        XCTAssertNil(response.headers["Content-Type"])
        XCTAssertEqual(response.headers.map(\.name), ["X-Cache", "ETag"])
    }

    /// What a head may not carry is left out of the prepared bytes as it is of any head, and is
    /// still there to read.
    func testAPreparedFieldThatCouldBreakTheHeadIsNotWritten() {
        let prepared = PreparedFields([("X-Split", "a\r\nInjected: 1"), ("Content-Length", "99"), ("Bad Name", "x"), ("X-Ok", "1")])
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders(prepared: prepared), body: [0x61])
        XCTAssertEqual(head(response), "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nContent-Length: 1\r\nX-Ok: 1\r\n\r\n")
        XCTAssertEqual(response.headers["X-Split"], "a\r\nInjected: 1")
    }
}
