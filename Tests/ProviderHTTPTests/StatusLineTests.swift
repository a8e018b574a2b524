@testable import ProviderHTTP
import XCTest

/// A status line's code read on its bytes is the code read as text before (issue 46 item 7).
final class StatusLineTests: XCTestCase {
    /// How the code was read before: the line as a String, split into words, within
    /// `UpstreamNumber.httpStatus` (100...999).
    private func textStatus(_ line: String) -> Int? {
        line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }.flatMap { (100...999).contains($0) ? $0 : nil }
    }

    private func status(_ line: String) -> Int? {
        Array(line.utf8).withUnsafeBytes { CurlTransfer.status(ofStatusLine: $0[...]) }
    }

    func testTheCodeIsTheSecondWordAsBefore() {
        let lines = ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/2 204", "HTTP/1.1 200", "HTTP/1.1  200  OK",
                     "HTTP/1.1 +200 OK", "HTTP/1.1 -200 OK", "HTTP/1.1 0200 OK", "HTTP/1.1 99 Low", "HTTP/1.1 1000 High",
                     "HTTP/1.1 20x OK", "HTTP/1.1", "HTTP/1.1 ", "HTTP/1.1\t200 OK", "HTTP/1.1 99999999999999999999 OK",
                     "HTTP/1.1 200OK", "HTTP/1.1 5 0 3", " HTTP/1.1 301 Moved", "HTTP/1.1 \u{301}200 OK",
                     "HTTP/1.1 200 \u{301}OK", "HTTP/1.1 200\u{301} OK", "HTTP/1.1 ２００ OK", "HTTP/1.1 100 Continue"]
        for line in lines {
            XCTAssertEqual(status(line), textStatus(line), line.debugDescription)
        }
        XCTAssertEqual(status("HTTP/1.1 503 Slow Down"), 503)
        XCTAssertNil(status("HTTP/1.1 OK 200"))
    }
}
