import FakeGiphy
import Foundation
import GiphyCatalog
import XCTest

/// GIPHY's "fields on demand", as the fake honours it: `fields` keeps only the fields named in
/// each GIF, a dotted name one field of a nested object; pagination and meta stay whole; it goes
/// with `bundle` (a rendition must be in both).
final class FieldsOnDemandTests: XCTestCase {
    private var harness: FakeHarness!

    override func setUp() async throws { harness = try FakeHarness() }
    override func tearDown() async throws { await harness.stop() }

    func testFieldsKeepOnlyTheFieldsNamedInEachGIF() async throws {
        let full = try await harness.get("/gifs/search", "q=cat&limit=5")
        let projected = try await harness.get("/gifs/search", "q=cat&limit=5&fields=id,url,images.original,images.fixed_width,user.username")
        XCTAssertEqual(projected.status, 200)
        XCTAssertEqual(projected.ids, full.ids)
        XCTAssertEqual(projected.object?["pagination"] as? [String: Int], full.object?["pagination"] as? [String: Int], "pagination is whole")
        XCTAssertEqual((projected.object?["meta"] as? [String: Any])?["status"] as? Int, 200)
        for (gif, whole) in zip(projected.list, full.list) {
            let expected: Set<String> = whole["user"] == nil ? ["id", "url", "images"] : ["id", "url", "images", "user"]
            XCTAssertEqual(Set(gif.keys), expected)
            XCTAssertEqual(gif["url"] as? String, whole["url"] as? String)
            let images = try XCTUnwrap(gif["images"] as? [String: Any])
            XCTAssertEqual(Set(images.keys), ["original", "fixed_width"])
            XCTAssertEqual(images["original"] as? [String: String], (whole["images"] as? [String: Any])?["original"] as? [String: String],
                           "a rendition named is whole")
            if let user = gif["user"] as? [String: Any] {
                XCTAssertEqual(user.keys.sorted(), ["username"])
            }
        }
    }

    func testAFieldNamedWholeKeepsAllItHoldsAndNoFieldsKeepsEverything() async throws {
        let full = try await harness.get("/gifs/trending", "limit=3")
        let images = try await harness.get("/gifs/trending", "limit=3&fields=images,images.original,no_such_field")
        for (gif, whole) in zip(images.list, full.list) {
            XCTAssertEqual(Set(gif.keys), ["images"], "an unknown name adds nothing")
            XCTAssertEqual(Set((gif["images"] as? [String: Any] ?? [:]).keys), Set((whole["images"] as? [String: Any] ?? [:]).keys),
                           "images named whole keeps every rendition, also beside images.original")
        }
        let empty = try await harness.get("/gifs/trending", "limit=3&fields=")
        XCTAssertEqual(empty.list.map { Set($0.keys) }, full.list.map { Set($0.keys) })
    }

    func testFieldsAndTheBundleTogetherKeepWhatBothName() async throws {
        let answer = try await harness.get("/gifs/trending", "limit=10&bundle=messaging_non_clips&fields=id,images.original,images.downsized")
        for gif in answer.list {
            XCTAssertEqual(Set((gif["images"] as? [String: Any] ?? [:]).keys), ["original"], "downsized is not in the bundle")
        }
    }
}
