import TestSupport
import XCTest

/// An install as POST /installs answered it: its id, and the token to send as a bearer.
struct RegisteredInstall {
    let id: String
    let token: String
    var authorization: String { "Authorization: Bearer \(token)" }

    /// From a 201 of POST /installs; a test failure (thrown) for anything else.
    init(created: RawClient.Response, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(created.status, 201, created.text, file: file, line: line)
        id = try XCTUnwrap(created.json?["install_id"] as? String, created.text, file: file, line: line)
        token = try XCTUnwrap(created.json?["token"] as? String, created.text, file: file, line: line)
    }
}

extension RawClient.Response {
    /// The ids of a list answer's `data`, in order.
    var itemIDs: [String] {
        ((json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }
}

extension APIHarness {
    /// POST /installs; a test failure (thrown) for anything but a 201.
    func registerInstall(headers: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> RegisteredInstall {
        try RegisteredInstall(created: try send("POST", "/installs", headers: headers), file: file, line: line)
    }
}

/// A problem answer (RFC 9457) with this status and code, and a detail saying what is wrong.
func assertProblem(_ answer: RawClient.Response, _ status: Int, _ code: String,
                   file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
    XCTAssertEqual(answer.header("Content-Type"), "application/problem+json", file: file, line: line)
    XCTAssertEqual(answer.json?["code"] as? String, code, answer.text, file: file, line: line)
    XCTAssertFalse((answer.json?["detail"] as? String ?? "").isEmpty, "a detail says what is wrong", file: file, line: line)
}
