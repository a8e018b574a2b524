@testable import HTTPServer
import XCTest

/// The response head as bytes: the server's own fields, and a handler's fields only when they
/// cannot break the message.
final class ResponseHeadTests: XCTestCase {
    func testTheHeadIsWrittenWithOnlyTheFieldsThatCannotBreakIt() {
        var response = HTTPResponse(status: .ok, contentType: "application/json", body: Array("{}".utf8))
        for (name, value) in [("X-Tab", "a\tb"), ("X-Text", "caf\u{e9}"), ("X-Split", "a\r\nInjected: 1"), ("X-Nul", "a\u{0}b"),
                              ("X-Del", "a\u{7F}"), ("Bad Name", "x"), ("", "x"), ("content-length", "99"), ("Connection", "x"),
                              ("DATE", "x"), ("Transfer-Encoding", "chunked")] {
            response.headers.add(name: name, value: value)
        }
        let head = String(decoding: ResponseHead.bytes(for: response, connection: "close", date: "Tue, 24 Nov 2026 20:00:00 GMT"),
                          as: UTF8.self)
        XCTAssertEqual(head, "HTTP/1.1 200 OK\r\nDate: Tue, 24 Nov 2026 20:00:00 GMT\r\nContent-Length: 2\r\nConnection: close\r\n"
            + "Content-Type: application/json\r\nX-Tab: a\tb\r\nX-Text: caf\u{e9}\r\n\r\n")
    }

    func testNoLengthWhereNoneIsAllowed() {
        let head = String(decoding: ResponseHead.bytes(for: HTTPResponse(status: .notModified), connection: nil, date: "D"), as: UTF8.self)
        XCTAssertEqual(head, "HTTP/1.1 304 Not Modified\r\nDate: D\r\n\r\n")
        let large = HTTPResponse(status: .ok, contentType: "text/plain", body: [UInt8](repeating: 0x61, count: 1_234_567))
        XCTAssertTrue(String(decoding: ResponseHead.bytes(for: large, connection: nil, date: "D"), as: UTF8.self)
            .contains("\r\nContent-Length: 1234567\r\n"))
    }

    /// The head is written into storage sized for it beforehand: fields and numbers at their
    /// longest fit, and the bytes are the parts joined.
    func testAHeadWithEveryPartAtItsLongestIsThePartsJoined() {
        var response = HTTPResponse(status: HTTPStatus(code: Int.max, reasonPhrase: String(repeating: "Reason ", count: 40)),
                                    contentType: "application/json", body: [])
        var expected = "HTTP/1.1 \(Int.max) \(response.status.reasonPhrase)\r\nDate: \(String(repeating: "d", count: 300))"
            + "\r\nContent-Length: 0\r\nConnection: keep-alive\r\nContent-Type: application/json"
        for index in 0..<50 {
            let name = "X-Field-\(index)", value = String(repeating: "v\(index) ", count: index * 7)
            response.headers.add(name: name, value: value)
            response.headers.add(name: "X-Refused-\(index)", value: "\r\n" + value)
            expected += "\r\n\(name): \(value)"
        }
        let head = ResponseHead.bytes(for: response, connection: "keep-alive", date: String(repeating: "d", count: 300))
        XCTAssertEqual(String(decoding: head, as: UTF8.self), expected + "\r\n\r\n")
    }
}
