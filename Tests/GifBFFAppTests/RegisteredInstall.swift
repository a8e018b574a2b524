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
