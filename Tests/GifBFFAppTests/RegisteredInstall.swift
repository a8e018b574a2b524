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

    /// GET /favorites as `install` (the local install when nil): the ids, newest first.
    func favoriteIDs(_ install: RegisteredInstall?, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let answer = try send("GET", "/favorites", headers: install.map { [$0.authorization] } ?? [])
        XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
        return answer.itemIDs
    }

    /// POST /favorites of `id` as `install` (the local install when nil).
    func addFavorite(_ id: String, _ install: RegisteredInstall?) throws -> RawClient.Response {
        try send("POST", "/favorites", json: "{\"id\":\"\(id)\"}", headers: install.map { [$0.authorization] } ?? [])
    }

    /// The first `count` distinct ids of trending (GIPHY's trending may repeat an item across a page; the fake does too).
    func trendingIDs(count: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        var found: [String] = []
        for id in try get("/trending?limit=50").itemIDs where !found.contains(id) { found.append(id) }
        XCTAssertGreaterThanOrEqual(found.count, count, file: file, line: line)
        return Array(found.prefix(count))
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
