import Primitives
import Dispatch
import HTTPServer
import Synchronization
import TestSupport
import XCTest

/// Content codings: what Accept-Encoding asks for, gzip itself, and which answers the server
/// compresses (GET and HEAD, compressible types, not tiny, not already encoded), with Vary.
final class CompressionTests: XCTestCase {
    private func request(_ method: HTTPMethod = .get, acceptEncoding: [String] = []) -> HTTPRequest {
        var request = HTTPRequest(method: method, target: "/x", path: "/x", pathSegments: ["x"])
        for value in acceptEncoding { request.headers.add(name: "Accept-Encoding", value: value) }
        return request
    }

    func testAcceptEncodingIsReadAsRFC9110Says() {
        let cases: [([String], ContentCoding)] = [
            ([], .identity), ([""], .identity), (["gzip"], .gzip), (["GZip"], .gzip), (["x-gzip"], .gzip),
            (["br"], .brotli), (["BR"], .brotli), (["gzip, deflate, br, zstd"], .brotli), (["gzip, deflate"], .gzip),
            ([" br;q=0.5 ,  gzip "], .gzip), (["br, gzip;q=0.9"], .brotli), (["gzip;q=1.0, br;q=0.999"], .gzip),
            (["gzip;q=0.5, br;q=0.5"], .brotli), (["gzip;q=0"], .identity), (["gzip; Q=0.000"], .identity),
            (["gzip;q=0.001"], .gzip), (["br;q=0, gzip"], .gzip), (["*"], .brotli), (["*;q=0"], .identity),
            (["*, br;q=0"], .gzip), (["*, gzip;q=0, br;q=0"], .identity), (["br;q=0, *"], .gzip), (["deflate, zstd"], .identity),
            (["identity"], .identity), (["deflate", "gzip"], .gzip), (["gzipx", "brr"], .identity), (["gzip;level=1"], .gzip),
            (["gzip;q=abc"], .gzip), ([",,gzip,,"], .gzip), (["gzip;;q=0"], .identity), ([";gzip"], .identity),
            (["gzip ; q=0.5 ; level=1, br;level=2;q=0.4"], .gzip), (["br;q=0.4;q=0.9, gzip;q=0.5"], .gzip),
        ]
        for (values, expected) in cases {
            XCTAssertEqual(ContentCoding.preferred(for: request(acceptEncoding: values)), expected, "\(values)")
        }
    }

    func testCompressibleTypes() {
        for type in ["application/json", "application/problem+json", "text/html; charset=utf-8", "text/plain",
                     "text/javascript; charset=utf-8", "application/yaml", "image/svg+xml", "text/css;charset=utf-8"] {
            XCTAssertTrue(ContentCoding.isCompressible(contentType: type), type)
        }
        for type in ["image/png", "image/gif", "application/octet-stream", "application/gzip", "application/jsonx", nil] {
            XCTAssertFalse(ContentCoding.isCompressible(contentType: type), type ?? "none")
        }
    }

    /// Weak (the same content compressed at another level is other bytes), and never the identity form's.
    func testACompressedFormsTagIsWeakAndItsOwn() async throws {
        XCTAssertEqual(ContentCoding.gzip.entityTag(identityTag: #""0123456789abcdef""#), #"W/"0123456789abcdef-gzip""#)
        XCTAssertEqual(ContentCoding.gzip.entityTag(identityTag: #"W/"x""#), #"W/"x-gzip""#)
        XCTAssertEqual(ContentCoding.identity.entityTag(identityTag: #""x""#), #""x""#)
        // Not kept (level 1) and kept (level 6): other bytes, one tag, so revalidating after a miss is a 304.
        let kept = CompressibleBody(Self.big, contentType: "application/json").response(to: request(acceptEncoding: ["gzip"]))
        let once = try await answer(HTTPResponse(status: .ok, contentType: "application/json", body: Self.big),
                                    to: request(acceptEncoding: ["gzip"]))
        XCTAssertNotEqual(once.body, kept.body)
        XCTAssertEqual(once.headers["ETag"], kept.headers["ETag"])
    }

    func testBrotliReadsBackAndIsSmallerThanGzip() throws {
        let body = Array(String(repeating: #"{"url":"https://media.giphy.com/media/abc/200w.gif?cid=1&ep=2","w":200},"#, count: 100).utf8)
        for kept in [false, true] {
            let brotli = try XCTUnwrap(ContentCoding.brotli.compress(body, kept: kept))
            XCTAssertEqual(unbrotli(brotli), body)
            XCTAssertLessThanOrEqual(brotli.count, try XCTUnwrap(ContentCoding.gzip.compress(body, kept: kept)).count)
        }
        XCTAssertNil(ContentCoding.identity.compress(body, kept: true))
        XCTAssertNil(unbrotli(Array("not brotli".utf8)))
    }

    func testGzipReadsBackAndEqualBodiesGiveEqualBytes() throws {
        let body = Array(String(repeating: #"{"url":"https://media.giphy.com/media/abc/200w.gif?cid=1&ep=2"},"#, count: 100).utf8)
        let once = try XCTUnwrap(Gzip.compress(body, level: Gzip.onceLevel))
        let kept = try XCTUnwrap(Gzip.compress(body, level: Gzip.keptLevel))
        XCTAssertEqual(gunzip(once), body)
        XCTAssertEqual(gunzip(kept), body)
        XCTAssertEqual(Array(once.prefix(3)), [0x1F, 0x8B, 0x08], "a gzip member, deflate")
        XCTAssertEqual(Gzip.compress(body, level: Gzip.keptLevel), kept, "no time or name in the header")
        XCTAssertEqual(gunzip(try XCTUnwrap(Gzip.compress([], level: Gzip.onceLevel))), [])
    }

    private static let big = Array(String(repeating: #"{"id":"abc","title":"A cat"},"#, count: 100).utf8)

    private func answer(_ response: HTTPResponse, to request: HTTPRequest) async throws -> HTTPResponse {
        var response = response
        ResponseCompression.compress(&response, for: request)
        return response
    }

    func testGETAndHEADAnswersAreCompressedForClientsThatAcceptGzip() async throws {
        var original = HTTPResponse(status: .ok, contentType: "application/json", body: Self.big)
        original.headers.set(name: "ETag", value: "\"identity\"")
        original.headers.set(name: "Vary", value: "Origin")
        for method in [HTTPMethod.get, .head] {
            let response = try await answer(original, to: request(method, acceptEncoding: ["gzip"]))
            XCTAssertEqual(response.headers["Content-Encoding"], "gzip")
            XCTAssertEqual(response.headers["Vary"], "Origin, Accept-Encoding")
            XCTAssertEqual(response.headers["ETag"], #"W/"identity-gzip""#, "the gzip form's own tag, from the body's")
            XCTAssertEqual(gunzip(response.body), Self.big)
        }
        let brotli = try await answer(original, to: request(acceptEncoding: ["br"]))
        XCTAssertEqual(brotli.headers["Content-Encoding"], "br")
        XCTAssertEqual(unbrotli(brotli.body), Self.big)
        XCTAssertEqual(brotli.headers["ETag"], #"W/"identity-br""#)
        let plain = try await answer(original, to: request(acceptEncoding: ["deflate"]))
        XCTAssertEqual(plain.body, Self.big)
        XCTAssertNil(plain.headers["Content-Encoding"])
        XCTAssertEqual(plain.headers["ETag"], "\"identity\"")
        XCTAssertEqual(plain.headers["Vary"], "Origin, Accept-Encoding", "it could have varied")
    }

    func testWhatIsNeverCompressed() async throws {
        let json = HTTPResponse(status: .ok, contentType: "application/json", body: Self.big)
        for method in [HTTPMethod.post, .put, .delete] {
            let response = try await answer(json, to: request(method, acceptEncoding: ["gzip"]))
            XCTAssertEqual(response.body, Self.big, "\(method): an answer to a change may hold a secret (BREACH)")
            XCTAssertNil(response.headers["Content-Encoding"])
        }
        let tiny = HTTPResponse(status: .ok, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8))
        let tinyAnswer = try await answer(tiny, to: request(acceptEncoding: ["gzip"]))
        XCTAssertEqual(tinyAnswer.body, tiny.body)
        XCTAssertNil(tinyAnswer.headers["Vary"], "a tiny body never varies")
        let image = HTTPResponse(status: .ok, contentType: "image/gif", body: Self.big)
        let imageAnswer = try await answer(image, to: request(acceptEncoding: ["gzip"]))
        XCTAssertEqual(imageAnswer.body, Self.big)
        var encoded = HTTPResponse(status: .ok, contentType: "application/json", body: Self.big)
        encoded.headers.set(name: "Content-Encoding", value: "gzip")
        let kept = try await answer(encoded, to: request(acceptEncoding: ["gzip"]))
        XCTAssertEqual(kept.body, Self.big, "already encoded (a kept body's gzip form): sent as it is")
        XCTAssertEqual(kept.headers["Vary"], "Accept-Encoding")
    }

    /// A kept body: compressed once per coding, each form and its tag the same on every answer.
    func testACompressibleBodyIsCompressedOnceWithATagOfItsOwn() throws {
        let body = CompressibleBody(Self.big, contentType: "application/json")
        let gzip = request(acceptEncoding: ["gzip"])
        let first = body.response(to: gzip)
        XCTAssertEqual(first.headers["Content-Encoding"], "gzip")
        XCTAssertEqual(gunzip(first.body), Self.big)
        XCTAssertEqual(first.headers["ETag"], ContentCoding.gzip.entityTag(identityTag: body.entityTag))
        XCTAssertNotEqual(first.headers["ETag"], body.entityTag)
        XCTAssertEqual(body.byteCount, Self.big.count + first.body.count)
        let brotli = body.response(to: request(acceptEncoding: ["gzip, br"]))
        XCTAssertEqual(brotli.headers["Content-Encoding"], "br")
        XCTAssertEqual(unbrotli(brotli.body), Self.big)
        XCTAssertEqual(brotli.headers["ETag"], #"W/"\#(body.entityTag.dropFirst().dropLast())-br""#)
        XCTAssertEqual(body.byteCount, Self.big.count + first.body.count + brotli.body.count)
        let second = body.response(to: gzip)
        XCTAssertEqual(second.body, first.body)
        first.body.withUnsafeBufferPointer { a in
            second.body.withUnsafeBufferPointer { b in XCTAssertEqual(a.baseAddress, b.baseAddress, "the same kept bytes, not a new compression") }
        }
        let plain = body.response(to: request())
        XCTAssertEqual(plain.body, Self.big)
        XCTAssertEqual(plain.headers["ETag"], body.entityTag)
        let small = CompressibleBody(Array("{}".utf8), contentType: "application/json").response(to: gzip)
        XCTAssertNil(small.headers["Content-Encoding"], "tiny bodies are left as they are")
    }

    /// Loops that ask for the same form at the same moment get the one compression.
    func testAFormAskedForFromManyThreadsAtOnceIsMadeOnce() {
        let body = CompressibleBody(Self.big, contentType: "application/json")
        let gzip = request(acceptEncoding: ["gzip"])
        let addresses = Mutex<Set<UInt>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let response = body.response(to: gzip)
            let address = response.body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            addresses.withLock { _ = $0.insert(address) }
        }
        XCTAssertEqual(addresses.withLock { $0.count }, 1)
        XCTAssertEqual(body.byteCount, Self.big.count + body.response(to: gzip).body.count)
    }
}
