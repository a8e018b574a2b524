import DemoMedia
import Foundation
@testable import GifBFFApp
import Synchronization
import TestSupport
import XCTest

/// Issue 31 item 6: demo pictures are drawn on a few threads of their own from a queue of bounded
/// length, a photo at most 2048 px on a side; the same picture asked at once is drawn once; an
/// answer that needs no drawing never waits behind drawing. Drawing is held at a gate (the
/// library's `willDraw` hook) to see what waits and what does not.
final class DemoDrawingTests: XCTestCase {
    private func demo(gate: DrawingGate? = nil, queueLimit: Int = 128) throws -> APIHarness {
        var drawing = DemoDrawing()
        drawing.threads = 1
        drawing.queueLimit = queueLimit
        if let gate { drawing.willDraw = { gate.pass($0) } }
        return try APIHarness(self, demoDrawing: drawing) { $0.giphyAPIKey = nil }
    }

    /// The demo photos' `raw` links (no `w`) as paths, and what the answer states of them.
    private func photos(_ api: APIHarness, rendition: String = "raw") throws -> [(path: String, width: Int, height: Int)] {
        let page = try XCTUnwrap(api.get("/trending?provider=unsplash&limit=30&renditions=\(rendition)").json?["data"] as? [[String: Any]])
        return try page.map { item in
            let image = try XCTUnwrap((item["images"] as? [String: Any])?[rendition] as? [String: Any])
            let url = try XCTUnwrap(image["url"] as? String)
            return (String(url.dropFirst("http://localhost".count)), try XCTUnwrap(image["width"] as? Int), try XCTUnwrap(image["height"] as? Int))
        }
    }

    /// GET `target` sent on a connection of its own, its answer read later.
    private func ask(_ api: APIHarness, _ target: String) throws -> RawClient {
        let client = try RawClient(port: api.app.port, timeout: 30)
        try client.send(request("GET", target))
        return client
    }

    private func library(_ api: APIHarness) throws -> DemoMediaLibrary { try XCTUnwrap(api.app.media) }

    func testAPhotoWithoutWOrWiderThanTheLimitIsDrawnAtTheSizeTheAnswerStates() throws {
        let api = try demo()
        var longest = 0
        for rendition in ["raw", "full"] {
            for photo in try photos(api, rendition: rendition).prefix(6) {
                XCTAssertLessThanOrEqual(max(photo.width, photo.height), 2048, "\(rendition) \(photo.path)")
                longest = max(longest, photo.width, photo.height)
                for target in [photo.path, photo.path + "&w=8000", photo.path + "&w=\(photo.width + 1)"] {
                    let answer = try api.get(target)
                    XCTAssertEqual(answer.status, 200, target)
                    let facts = try XCTUnwrap(ImageFacts.read(answer.body), target)
                    XCTAssertEqual("\(facts.width)x\(facts.height)", "\(photo.width)x\(photo.height)", target)
                }
            }
        }
        XCTAssertEqual(longest, 2048, "the catalog's originals are larger: fitted to the limit")
    }

    func testTheSamePictureAskedAtOnceIsDrawnOnce() async throws {
        let gate = DrawingGate()
        let api = try demo(gate: gate)
        let path = try XCTUnwrap(photos(api).first?.path) + "&w=640"
        gate.shut()
        let clients = try (0..<4).map { _ in try ask(api, path) }
        let media = try library(api)
        try await waitUntil("four wait for the drawing") { media.waitingForDrawing == 4 }
        gate.open()
        let answers = try clients.map { try $0.readResponse() }
        XCTAssertEqual(answers.map(\.status), [200, 200, 200, 200])
        XCTAssertEqual(Set(answers.map(\.body)).count, 1, "one picture")
        XCTAssertEqual(gate.drawings.count, 1, "drawn once: \(gate.drawings)")
        XCTAssertEqual(try api.get(path).status, 200)
        XCTAssertEqual(gate.drawings.count, 1, "then served from the cache")
    }

    func testPastTheQueueADrawIsRefusedAtOnceWith503AndRetryAfter() async throws {
        let gate = DrawingGate()
        let api = try demo(gate: gate, queueLimit: 2)
        let paths = try photos(api).prefix(4).map(\.path)
        gate.shut()
        let drawing = try ask(api, paths[0] + "&w=300")
        try await waitUntil("the first is being drawn") { gate.drawings.count == 1 }
        let queued = try paths[1...2].map { try ask(api, $0 + "&w=300") }
        let media = try library(api)
        try await waitUntil("two are queued") { media.queuedDrawings == 2 }
        let refused = try api.get(paths[3] + "&w=300")
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(refused.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(refused.json?["code"] as? String, "media_busy")
        gate.open()
        XCTAssertEqual(try ([drawing] + queued).map { try $0.readResponse().status }, [200, 200, 200])
        XCTAssertEqual(try api.get(paths[3] + "&w=300").status, 200, "asked again once the queue is drawn")
    }

    /// Drawing held (eight pictures asked, none done): what needs no drawing still answers, a JSON
    /// endpoint, a search never made before, the history (which waits for the writes searches
    /// leave for later, on Swift's cooperative pool, where drawing used to run), a picture drawn before.
    func testAnswersThatNeedNoDrawingDoNotWaitBehindDrawing() async throws {
        let gate = DrawingGate()
        let api = try demo(gate: gate)
        let paths = try photos(api).map(\.path)
        let drawn = paths[0] + "&w=200"
        XCTAssertEqual(try api.get(drawn).status, 200)
        let drawnBefore = gate.drawings.count
        gate.shut()
        let held = try paths[1...8].map { try ask(api, $0 + "&w=500") }
        let media = try library(api)
        try await waitUntil("all eight wait for drawing") { media.waitingForDrawing == 8 }
        // The one drawing thread has taken the first and is held in the gate (counted once there:
        // read before that, the count grew by one later, failed once under load).
        try await waitUntil("the drawing thread is held") { gate.drawings.count == drawnBefore + 1 }
        let drawings = gate.drawings.count
        XCTAssertEqual(try api.get("/healthz").status, 200)
        XCTAssertEqual(try api.get("/search?q=cat&limit=3").status, 200)
        XCTAssertEqual(try api.get("/search?q=lake&provider=unsplash&limit=3").status, 200)
        XCTAssertEqual(try api.get("/search?q=mountain&provider=unsplash&limit=3").status, 200)
        // The history list waits for the writes searches leave for later: they are not held either.
        let history = try api.get("/search/history")
        XCTAssertEqual(history.status, 200)
        XCTAssertEqual((history.json?["data"] as? [[String: Any]])?.first?["query"] as? String, "mountain")
        XCTAssertEqual(try api.get(drawn).status, 200, "a picture drawn before is served from the cache")
        XCTAssertEqual(gate.drawings.count, drawings, "nothing was drawn meanwhile")
        gate.open()
        XCTAssertEqual(try held.map { try $0.readResponse().status }, Array(repeating: 200, count: 8))
    }
}

/// The drawing threads' gate: counts each drawing, and holds it while shut (30 s at most, so a
/// failing test still ends).
final class DrawingGate: Sendable {
    private struct State {
        var isOpen = true
        var drawings: [DemoPicture] = []
    }

    private let state = Mutex(State())

    func shut() { state.withLock { $0.isOpen = false } }
    func open() { state.withLock { $0.isOpen = true } }
    var drawings: [DemoPicture] { state.withLock { $0.drawings } }

    func pass(_ picture: DemoPicture) {
        state.withLock { $0.drawings.append(picture) }
        let deadline = ContinuousClock.now + .seconds(30)
        while !state.withLock({ $0.isOpen }), ContinuousClock.now < deadline { usleep(1_000) }
    }
}
