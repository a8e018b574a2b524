@testable import API
import HTTPServer
import TestSupport
import XCTest

/// Stored bodies are bounded in count and in bytes, the least recently used dropped first; a body
/// is made once.
final class RenderedBodiesTests: XCTestCase {
    func testABodyIsMadeOnceAndNoKeyKeepsNothing() {
        let bodies = RenderedBodies<String>(maxCount: 4, maxBytes: 100)
        var made = 0
        for _ in 0..<3 { _ = bodies.body(for: "a") { made += 1; return [1, 2, 3] } }
        XCTAssertEqual(made, 1)
        let request = HTTPRequest(method: .get, target: "/", path: "/", pathSegments: [])
        for _ in 0..<3 { _ = bodies.response(for: nil, to: request) { made += 1; return [1] } }
        XCTAssertEqual(made, 4)
        XCTAssertEqual(bodies.count, 1)
    }

    /// A body asked for again stays past bodies written after it (it was the oldest written).
    func testTheLeastRecentlyUsedIsDroppedNotTheOldestWritten() {
        let bodies = RenderedBodies<String>(maxCount: 16, maxBytes: 1 << 20)
        for index in 0..<16 { _ = bodies.body(for: "k\(index)") { [0] } }
        var remade: [String] = []
        _ = bodies.body(for: "k0") { remade.append("k0"); return [0] }
        for index in 16..<20 { _ = bodies.body(for: "k\(index)") { [0] } }
        for key in ["k0", "k4"] { _ = bodies.body(for: key) { remade.append(key); return [0] } }
        XCTAssertEqual(remade, ["k4"], "k0 was used after k1...k4 were written: they went, it stayed")
    }

    func testTheOldestIsDroppedPastTheCountOrTheBytes() {
        let bodies = RenderedBodies<String>(maxCount: 3, maxBytes: 10)
        for key in ["a", "b", "c", "d"] { _ = bodies.body(for: key) { [0, 0] } }
        XCTAssertEqual(bodies.count, 3)
        var remade: [String] = []
        for key in ["b", "c", "d", "a"] { _ = bodies.body(for: key) { remade.append(key); return [0, 0] } }
        XCTAssertEqual(remade, ["a"], "a, the oldest, was dropped")
        _ = bodies.body(for: "big") { [UInt8](repeating: 0, count: 9) }
        XCTAssertLessThanOrEqual(bodies.byteCount, 10)
        XCTAssertEqual(bodies.count, 1, "room for the 9 bytes was made by dropping the oldest")
        _ = bodies.body(for: "huge") { [UInt8](repeating: 0, count: 11) }
        XCTAssertEqual(bodies.count, 1, "a body above the byte bound is not stored")
        for index in 0..<100 { _ = bodies.body(for: "k\(index)") { [0] } }
        XCTAssertEqual(bodies.count, 3)
        XCTAssertEqual(bodies.byteCount, 3)
    }

    /// A stored body carries its entity tag, hashed once when written (the transport hashes only
    /// bodies that carry none), and it is the tag the transport would compute; a client that
    /// accepts gzip gets the gzip form, compressed once, with a tag of its own.
    func testAStoredBodyAnswersWithItsEntityTagInEitherCoding() throws {
        let bodies = RenderedBodies<String>(maxCount: 4, maxBytes: 1 << 20)
        let bytes: [UInt8] = Array(("{\"data\":[" + String(repeating: "{\"id\":\"abc\"},", count: 200) + "{}]}").utf8)
        let plain = HTTPRequest(method: .get, target: "/", path: "/", pathSegments: [])
        var gzipped = plain
        gzipped.headers.set(name: "Accept-Encoding", value: "gzip, deflate")
        var made = 0
        var gzipTags: Set<String> = []
        for _ in 0..<2 {
            let response = bodies.response(for: "a", to: plain) { made += 1; return bytes }
            XCTAssertEqual(response.body, bytes)
            XCTAssertEqual(response.status.code, 200)
            XCTAssertEqual(response.headers["ETag"], ConditionalGET.entityTag(of: bytes))
            XCTAssertNil(response.headers["Content-Encoding"])
            let compressed = bodies.response(for: "a", to: gzipped) { made += 1; return bytes }
            XCTAssertEqual(compressed.headers["Content-Encoding"], "gzip")
            XCTAssertEqual(gunzip(compressed.body), bytes)
            XCTAssertLessThan(compressed.body.count, bytes.count / 10)
            XCTAssertEqual(compressed.headers["ETag"], ContentCoding.gzip.entityTag(identityTag: ConditionalGET.entityTag(of: bytes)))
            gzipTags.insert(try XCTUnwrap(compressed.headers["ETag"]))
        }
        XCTAssertEqual(made, 1)
        XCTAssertEqual(gzipTags.count, 1, "the same gzip bytes each time")
        XCTAssertFalse(gzipTags.contains(ConditionalGET.entityTag(of: bytes)), "one tag per coding")
        let unkept = bodies.response(for: nil, to: gzipped) { bytes }
        XCTAssertNil(unkept.headers["ETag"], "a body not stored is hashed by the transport")
        XCTAssertNil(unkept.headers["Content-Encoding"], "and compressed by it")
    }
}
