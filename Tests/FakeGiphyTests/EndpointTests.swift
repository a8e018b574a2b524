import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import XCTest

/// GIPHY's endpoints as the fake serves them over HTTP: shapes, parameters and refusals.
final class EndpointTests: XCTestCase {
    private var harness: FakeHarness!

    override func setUp() async throws { harness = try FakeHarness() }
    override func tearDown() async throws { await harness.stop() }

    private var catalog: GIFCatalog { harness.fake.catalog }

    func testSearchEnvelopeWithStringTypedRenditionNumbers() async throws {
        let answer = try await harness.get("/gifs/search", "q=cats&limit=3")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["content-type"], "application/json")
        XCTAssertEqual(answer.ids, catalog.search("cats").prefix(3).map(\.id))
        XCTAssertEqual(answer.pagination?["count"] as? Int, 3)
        XCTAssertEqual(answer.pagination?["offset"] as? Int, 0)
        XCTAssertEqual(answer.pagination?["total_count"] as? Int, catalog.search("cats").count)
        XCTAssertEqual(answer.meta?["status"] as? Int, 200)
        XCTAssertEqual((answer.meta?["response_id"] as? String)?.isEmpty, false)
        let first = try XCTUnwrap(answer.list.first)
        XCTAssertEqual(first["type"] as? String, "gif")
        let images = try XCTUnwrap(first["images"] as? [String: [String: Any]])
        XCTAssertEqual(images["fixed_width"]?["width"] as? String, "200", "numbers come as strings")
        XCTAssertNotNil(images["fixed_width"]?["height"] as? String)
        XCTAssertNotNil(images["fixed_width"]?["size"] as? String)
    }

    func testLimitDefaultsTo25AndIsCappedAt50() async throws {
        let byDefault = try await harness.get("/gifs/search", "q=funny")
        XCTAssertEqual(byDefault.ids.count, 25)
        let capped = try await harness.get("/gifs/search", "q=funny&limit=100")
        XCTAssertEqual(capped.ids.count, 50)
        let bad = try await harness.get("/gifs/search", "q=funny&limit=lots")
        XCTAssertEqual(bad.status, 400)
    }

    func testOffsetCountsItemsAndPagesRepeatIDs() async throws {
        let all = catalog.search("funny")
        let second = try await harness.get("/gifs/search", "q=funny&offset=25&limit=25")
        XCTAssertEqual(second.ids, all[25..<50].map(\.id))
        XCTAssertEqual(second.pagination?["offset"] as? Int, 25)
        let first = try await harness.get("/gifs/search", "q=funny&limit=25")
        XCTAssertFalse(Set(first.ids).isDisjoint(with: second.ids), "an id of page 1 comes again on page 2")
        let last = try await harness.get("/gifs/search", "q=funny&offset=\(all.count - 2)&limit=25")
        XCTAssertEqual(last.ids.count, 2)
    }

    func testOffset5000AndBeyondIsAnEmptyPage() async throws {
        for offset in [5000, 7000] {
            let answer = try await harness.get("/gifs/trending", "offset=\(offset)")
            XCTAssertEqual(answer.status, 200)
            XCTAssertEqual(answer.ids, [])
            XCTAssertEqual(answer.pagination?["offset"] as? Int, offset)
        }
    }

    func testRatingParameter() async throws {
        let answer = try await harness.get("/gifs/trending", "rating=g&limit=50")
        let ratings = answer.list.compactMap { $0["rating"] as? String }
        XCTAssertEqual(ratings.count, 50)
        XCTAssertEqual(Set(ratings), ["g"])
        let unknown = try await harness.get("/gifs/trending", "rating=xxx")
        XCTAssertEqual(unknown.status, 400)
    }

    func testAQueryOver50CharactersIs414() async throws {
        let fifty = try await harness.get("/gifs/search", "q=" + String(repeating: "a", count: 50))
        XCTAssertEqual(fifty.status, 200)
        let longer = try await harness.get("/gifs/search", "q=" + String(repeating: "a", count: 51))
        XCTAssertEqual(longer.status, 414)
    }

    func testMissingQueryIs400WithAMetaBody() async throws {
        let answer = try await harness.get("/gifs/search")
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.meta?["status"] as? Int, 400)
    }

    func testTheKeyIsCheckedWithGIPHYsTwoBodies() async throws {
        let missing = try await harness.get("/gifs/trending", key: nil)
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.text, #"{"data":[],"meta":{"status":401,"msg":"Unauthorized","response_id":""}}"#)
        let wrong = try await harness.get("/gifs/trending", key: "nope")
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.text, #"{"message":"Invalid authentication credentials"}"#)
    }

    func testGetByIDAndUnknownID() async throws {
        let gif = catalog.gifs[7]
        let found = try await harness.get("/gifs/\(gif.id)")
        XCTAssertEqual(found.status, 200)
        XCTAssertEqual((found.object?["data"] as? [String: Any])?["id"] as? String, gif.id)
        XCTAssertNil(found.pagination)
        let unknown = try await harness.get("/gifs/noSuchGif")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.meta?["status"] as? Int, 404)
        XCTAssertEqual(unknown.list.count, 0)
    }

    func testGetByIDs() async throws {
        let ids = [catalog.gifs[3].id, "unknown", catalog.gifs[1].id]
        let answer = try await harness.get("/gifs", "ids=" + ids.joined(separator: ","))
        XCTAssertEqual(answer.ids, [catalog.gifs[3].id, catalog.gifs[1].id])
        let none = try await harness.get("/gifs")
        XCTAssertEqual(none.status, 400)
    }

    func testRandomIsOneObjectWithoutPagination() async throws {
        let answer = try await harness.get("/gifs/random", "tag=dogs&rating=g")
        let data = try XCTUnwrap(answer.object?["data"] as? [String: Any])
        let gif = try XCTUnwrap(catalog.gif(id: try XCTUnwrap(data["id"] as? String)))
        XCTAssertEqual(gif.rating, "g")
        XCTAssertTrue(catalog.randomPool(tag: "dogs").contains(gif))
        XCTAssertNil(answer.pagination)
        let nothing = try await harness.get("/gifs/random", "tag=xyzzy")
        XCTAssertEqual(nothing.status, 200)
        XCTAssertEqual((nothing.object?["data"] as? [Any])?.count, 0)
    }

    func testStickersAreServedToo() async throws {
        let answer = try await harness.get("/stickers/search", "q=cats&limit=2")
        XCTAssertEqual(answer.ids.count, 2)
        XCTAssertEqual(answer.list.first?["type"] as? String, "sticker")
        XCTAssertEqual(answer.list.first?["is_sticker"] as? Int, 1)
    }

    func testAnswersAreDeterministic() async throws {
        let one = try await harness.get("/gifs/search", "q=happy&limit=10")
        let two = try await harness.get("/gifs/search", "q=happy&limit=10")
        // Byte for byte the same but for the response id, which is new on every answer.
        func withoutResponseID(_ text: String) -> String {
            text.replacingOccurrences(of: #""response_id":"[a-z0-9]*""#, with: "", options: .regularExpression)
        }
        XCTAssertEqual(withoutResponseID(one.text), withoutResponseID(two.text))
        XCTAssertNotEqual(one.meta?["response_id"] as? String, two.meta?["response_id"] as? String)
        XCTAssertEqual(one.ids.count, 10)
    }

    func testCallsAreCountedPerPath() async throws {
        _ = try await harness.get("/gifs/search", "q=cats")
        _ = try await harness.get("/gifs/search", "q=dogs", key: "wrong")
        _ = try await harness.get("/gifs/trending")
        XCTAssertEqual(harness.fake.callCount(path: "/v1/gifs/search"), 2)
        XCTAssertEqual(harness.fake.callCount(path: "/v1/gifs/trending"), 1)
        XCTAssertEqual(harness.fake.callCount(), 3)
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "api_key"), testKey)
        harness.fake.resetCallCounts()
        XCTAssertEqual(harness.fake.callCount(), 0)
    }
}
