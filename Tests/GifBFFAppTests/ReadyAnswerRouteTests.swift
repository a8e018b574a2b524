import TestSupport
import XCTest

/// What memory holds is answered on the event loop that read the request (`answerCounts.ready`),
/// the same answer a worker gives: a cached page, trending, a detail, the favorites list, and the
/// problem for a bad input. What needs the store or the upstream goes to a worker.
final class ReadyAnswerRouteTests: XCTestCase {
    /// `request` once more after a first asking: the answer, and how the server answered it.
    private func again(_ api: APIHarness, _ target: String, headers: [String] = []) throws
        -> (answer: RawClient.Response, ready: Bool) {
        let before = api.answerCounts
        let answer = try api.send("GET", target, headers: headers)
        let after = api.answerCounts
        XCTAssertEqual(after.ready + after.byWorkers, before.ready + before.byWorkers + 1, "one answer counted")
        return (answer, after.ready == before.ready + 1)
    }

    func testACachedPageIsAnsweredAtOnceWithTheSameBytesAndHeaders() async throws {
        let api = try APIHarness(self)
        for target in ["/search?q=cats&limit=5", "/trending?limit=5", "/search?q=dogs&provider=giphy&renditions=full"] {
            let first = try again(api, target)
            XCTAssertEqual(first.answer.header("X-Cache"), "MISS", target)
            XCTAssertFalse(first.ready, "a miss waits for the upstream: \(target)")
            let second = try again(api, target)
            XCTAssertTrue(second.ready, "a hit is in memory: \(target)")
            XCTAssertEqual(second.answer.status, 200)
            XCTAssertEqual(second.answer.header("X-Cache"), "HIT", target)
            XCTAssertNotNil(second.answer.header("Age"), target)
            XCTAssertEqual(second.answer.header("Cache-Control"), first.answer.header("Cache-Control"), target)
            XCTAssertEqual(second.answer.header("ETag"), first.answer.header("ETag"), target)
            XCTAssertEqual(second.answer.body, first.answer.body, target)
        }
    }

    func testADetailIsAnsweredAtOnceAndMarkedForItsInstall() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap(try api.get("/search?q=cats&limit=1").itemIDs.first)
        XCTAssertFalse(try again(api, "/gif/\(id)").ready, "the first detail is fetched")
        let kept = try again(api, "/gif/\(id)")
        XCTAssertTrue(kept.ready)
        XCTAssertEqual(kept.answer.json?["is_favorite"] as? Bool, false)
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}").status, 201)
        let marked = try again(api, "/gif/\(id)")
        XCTAssertTrue(marked.ready, "a new mark is memory's too")
        XCTAssertEqual(marked.answer.json?["is_favorite"] as? Bool, true)
    }

    func testAnUnchangedAnswerIs304AtOnceAndGzipIsTheKeptForm() async throws {
        let api = try APIHarness(self)
        let first = try api.get("/search?q=cats&limit=5")
        let etag = try XCTUnwrap(first.header("ETag"))
        let notModified = try again(api, "/search?q=cats&limit=5", headers: ["If-None-Match: \(etag)"])
        XCTAssertTrue(notModified.ready)
        XCTAssertEqual(notModified.answer.status, 304)
        let gzip = try again(api, "/search?q=cats&limit=5", headers: ["Accept-Encoding: gzip"])
        XCTAssertTrue(gzip.ready)
        XCTAssertEqual(gzip.answer.header("Content-Encoding"), "gzip")
        XCTAssertEqual(gzip.answer.header("Vary"), "Accept-Encoding")
    }

    func testTheFavoritesListIsAnsweredAtOnceForTheLocalInstallAndAKnownToken() async throws {
        let api = try APIHarness(self)
        let local = try again(api, "/favorites")
        XCTAssertEqual(local.answer.status, 200)
        XCTAssertTrue(try again(api, "/favorites").ready, "the local list is read into memory at start-up")
        let install = try api.registerInstall()
        _ = try again(api, "/favorites", headers: [install.authorization])
        let listed = try again(api, "/favorites", headers: [install.authorization])
        XCTAssertTrue(listed.ready, "a token made here is known, and its list is read once")
        XCTAssertEqual(listed.answer.json?["count"] as? Int, 0)
    }

    func testABadInputIsAnsweredAtOnceAndAnUnknownTokenWaitsForTheStore() async throws {
        let api = try APIHarness(self)
        let invalid = try again(api, "/search?q=cats&limit=zero")
        XCTAssertTrue(invalid.ready)
        assertProblem(invalid.answer, 400, "invalid_parameter")
        // Checked first, as on a worker: an install never seen here is read from the store, so its
        // request waits, and is refused for its token before its other faults are looked at.
        let unknown = "0123456789abcdef0123456789abcdef." + String(repeating: "A", count: 43)
        let refused = try again(api, "/search?q=cats&limit=zero", headers: ["Authorization: Bearer \(unknown)"])
        XCTAssertFalse(refused.ready)
        assertProblem(refused.answer, 401, "install_token_invalid")
        // A known install with a wrong secret is refused from memory.
        let install = try api.registerInstall()
        let forged = install.id + "." + String(repeating: "B", count: 43)
        let forgedAnswer = try again(api, "/search?q=cats", headers: ["Authorization: Bearer \(forged)"])
        XCTAssertTrue(forgedAnswer.ready)
        assertProblem(forgedAnswer.answer, 401, "install_token_invalid")
    }
}
