import Foundation
import TestSupport
import XCTest

/// Issue 24 item 6 through the real server: brotli or gzip for clients that accept it, compressed once per
/// kept body, an ETag per coding, If-None-Match and HEAD right, and nothing compressed that answers
/// a change or is tiny.
final class CompressedAnswerTests: XCTestCase {
    private let gzip = "Accept-Encoding: gzip, deflate"
    private let browser = "Accept-Encoding: gzip, deflate, br, zstd"

    func testTheDefaultPageIsSmallOnTheWireAndReadsBackAsTheSameJSON() throws {
        let api = try APIHarness(self)
        let miss = try api.send("GET", "/search?q=cat", headers: [gzip])
        XCTAssertEqual(miss.header("X-Cache"), "MISS")
        XCTAssertEqual(miss.header("Content-Encoding"), "gzip", "an answer not kept is compressed on its way out")
        XCTAssertEqual(miss.header("Vary"), "Accept-Encoding")
        let plain = try api.get("/search?q=cat")
        XCTAssertNil(plain.header("Content-Encoding"))
        XCTAssertEqual(plain.header("Vary"), "Accept-Encoding")
        XCTAssertGreaterThan(plain.body.count, 30_000)
        XCTAssertTrue(gunzip(miss.body) == plain.body, "the same JSON")
        let kept = try api.send("GET", "/search?q=cat", headers: [gzip])
        XCTAssertEqual(kept.header("X-Cache"), "HIT")
        XCTAssertEqual(kept.header("Content-Encoding"), "gzip")
        XCTAssertTrue(gunzip(kept.body) == plain.body, "the same JSON")
        XCTAssertLessThanOrEqual(kept.body.count, 6 * 1024, "the default page is at most 6 KB on the wire")
        XCTAssertEqual(kept.header("Content-Length"), String(kept.body.count))
        let again = try api.send("GET", "/search?q=cat", headers: [gzip])
        XCTAssertTrue(again.body == kept.body, "the kept gzip form, not a new compression")
        XCTAssertEqual(again.header("ETag"), kept.header("ETag"))
        // A browser (or Apple's URLSession) accepts brotli too: smaller still.
        let brotli = try api.send("GET", "/search?q=cat", headers: [browser])
        XCTAssertEqual(brotli.header("Content-Encoding"), "br")
        XCTAssertTrue(unbrotli(brotli.body) == plain.body, "the same JSON")
        XCTAssertLessThan(brotli.body.count, kept.body.count)
        XCTAssertNotEqual(brotli.header("ETag"), kept.header("ETag"), "one tag per coding")
        XCTAssertEqual(brotli.header("Vary"), "Accept-Encoding")
    }

    func testEachCodingHasItsOwnETagAndIfNoneMatchComparesTheOneSent() throws {
        let api = try APIHarness(self)
        _ = try api.get("/trending")
        let plain = try api.get("/trending")
        let compressed = try api.send("GET", "/trending", headers: [gzip])
        let plainTag = try XCTUnwrap(plain.header("ETag"))
        let gzipTag = try XCTUnwrap(compressed.header("ETag"))
        XCTAssertNotEqual(plainTag, gzipTag)
        let notModified = try api.send("GET", "/trending", headers: [gzip, "If-None-Match: \(gzipTag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.header("ETag"), gzipTag)
        XCTAssertEqual(notModified.header("Vary"), "Accept-Encoding")
        XCTAssertTrue(notModified.body.isEmpty)
        let otherCoding = try api.send("GET", "/trending", headers: ["If-None-Match: \(gzipTag)"])
        XCTAssertEqual(otherCoding.status, 200, "the gzip tag does not name the uncompressed body")
        XCTAssertNil(otherCoding.header("Content-Encoding"))
        let identityTag = try api.send("GET", "/trending", headers: [gzip, "If-None-Match: \(plainTag)"])
        XCTAssertEqual(identityTag.status, 200)
        XCTAssertEqual(identityTag.header("Content-Encoding"), "gzip")
        XCTAssertEqual(try api.send("GET", "/trending", headers: ["If-None-Match: \(plainTag)"]).status, 304)
    }

    /// What an app's ETag cache does: it keeps the tag of a miss's answer and revalidates once
    /// the answer is cached (a kept body, compressed at another level).
    func testRevalidatingAfterAMissIsA304() throws {
        let api = try APIHarness(self)
        let miss = try api.send("GET", "/search?q=cats&limit=5", headers: [gzip])
        XCTAssertEqual(miss.header("X-Cache"), "MISS")
        let tag = try XCTUnwrap(miss.header("ETag"))
        XCTAssertTrue(tag.hasPrefix("W/"), tag)
        let revalidated = try api.send("GET", "/search?q=cats&limit=5", headers: [gzip, "If-None-Match: \(tag)"])
        XCTAssertEqual(revalidated.status, 304)
        XCTAssertEqual(revalidated.header("X-Cache"), "HIT")
    }

    func testHEADAnswersWithTheHeadersGETWould() throws {
        let api = try APIHarness(self)
        _ = try api.get("/search?q=dogs")
        let get = try api.send("GET", "/search?q=dogs", headers: [gzip])
        let head = try api.send("HEAD", "/search?q=dogs", headers: [gzip])
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        for name in ["Content-Encoding", "Content-Length", "ETag", "Vary", "Content-Type"] {
            XCTAssertEqual(head.header(name), get.header(name), name)
        }
        XCTAssertEqual(head.header("Content-Length"), String(get.body.count))
    }

    func testAnswersToChangesAndTinyBodiesAreSentAsTheyAre() throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((api.get("/search?q=cats&limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        let added = try api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#, headers: [gzip])
        XCTAssertEqual(added.status, 201)
        XCTAssertGreaterThan(added.body.count, 1024, "big enough to compress, were it a GET")
        XCTAssertNil(added.header("Content-Encoding"), "no answer to a POST is compressed (BREACH)")
        XCTAssertNotNil(added.json)
        let health = try api.send("GET", "/healthz", headers: [gzip])
        XCTAssertNil(health.header("Content-Encoding"))
        XCTAssertNil(health.header("Vary"))
        let problem = try api.send("GET", "/search?q=cats&limit=0", headers: [gzip])
        XCTAssertEqual(problem.status, 400)
        XCTAssertNil(problem.header("Content-Encoding"), "a problem is tiny")
    }

    func testTheContractAndTheWebAppAreCompressedWithOriginInVary() throws {
        let api = try APIHarness(self)
        for path in ["/openapi.yaml", "/", "/app/search.js"] {
            let plain = try api.get(path)
            let compressed = try api.send("GET", path, headers: [gzip, "Origin: http://localhost:5173"])
            XCTAssertEqual(compressed.header("Content-Encoding"), "gzip", path)
            XCTAssertTrue(gunzip(compressed.body) == plain.body, path)
            XCTAssertEqual(compressed.header("Vary"), "Accept-Encoding, Origin", path)
            XCTAssertEqual(compressed.header("Content-Type"), plain.header("Content-Type"), path)
        }
    }
}
