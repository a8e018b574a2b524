import Foundation
import GiphyCatalog
import XCTest

/// The generated catalog: size, determinism, variety and GIPHY's odd corners.
final class GIFCatalogTests: XCTestCase {
    private let catalog = GIFCatalog.standard

    func testSizeAndTopics() {
        XCTAssertGreaterThanOrEqual(catalog.gifs.count, 500)
        XCTAssertGreaterThanOrEqual(Set(catalog.topics).count, 30)
        for topic in catalog.topics {
            XCTAssertGreaterThan(catalog.gifs.filter { $0.topic == topic }.count, 5, topic)
        }
        XCTAssertEqual(Set(catalog.gifs.map(\.id)).count, catalog.gifs.count, "ids are unique")
        XCTAssertGreaterThan(Set(catalog.gifs.map(\.title)).count, catalog.gifs.count * 9 / 10, "titles are varied")
    }

    func testTheSameSeedGivesTheSameCatalog() {
        let again = GIFCatalog(seed: GIFCatalog.defaultSeed)
        XCTAssertEqual(again.gifs, catalog.gifs)
        XCTAssertEqual(again.trending().map(\.id), catalog.trending().map(\.id))
        let other = GIFCatalog(seed: 42)
        XCTAssertNotEqual(other.gifs.map(\.id), catalog.gifs.map(\.id))
    }

    func testRatingsAndUsersVary() {
        XCTAssertEqual(Set(catalog.gifs.map(\.rating)), ["g", "pg", "pg-13", "r"])
        XCTAssertGreaterThan(catalog.gifs.filter { $0.rating == "g" }.count, catalog.gifs.count / 2)
        XCTAssertTrue(catalog.gifs.contains { $0.user == nil && $0.username.isEmpty })
        XCTAssertTrue(catalog.gifs.contains { $0.user != nil && $0.username.isEmpty })
        XCTAssertTrue(catalog.gifs.contains { $0.user != nil && !$0.username.isEmpty })
    }

    func testRenditionsAreRealistic() throws {
        let gif = try XCTUnwrap(catalog.gifs.first { $0.renditions.count > 20 })
        let fixedWidth = try XCTUnwrap(gif.rendition("fixed_width"))
        XCTAssertEqual(fixedWidth.width, 200)
        XCTAssertEqual(try XCTUnwrap(gif.rendition("fixed_height")).height, 200)
        XCTAssertEqual(try XCTUnwrap(gif.rendition("fixed_width_small")).width, 100)
        let url = try XCTUnwrap(fixedWidth.url)
        let components = try XCTUnwrap(URLComponents(string: url))
        XCTAssertTrue(components.host?.hasPrefix("media") == true && components.host?.hasSuffix(".giphy.com") == true, url)
        XCTAssertEqual(Set(components.queryItems?.map(\.name) ?? []), ["cid", "ep", "rid", "ct"])
        XCTAssertNotNil(fixedWidth.mp4)
        XCTAssertNotNil(fixedWidth.webp)
        XCTAssertNotNil(gif.rendition("original")?.frames)
    }

    func testSearchMatchesTitleTopicAndTagsCaseInsensitively() {
        let results = catalog.search("CaTs")
        XCTAssertEqual(results.map(\.id), catalog.search("cats").map(\.id))
        XCTAssertGreaterThanOrEqual(Set(results.map(\.id)).count, 15)
        XCTAssertTrue(results.allSatisfy { ($0.title + " " + $0.topic + " " + $0.tags.joined(separator: " ")).lowercased().contains("cats") })
        XCTAssertTrue(catalog.search("kitten").contains { $0.topic == "cats" }, "tags match")
        XCTAssertTrue(catalog.search("Frisbee").allSatisfy { $0.title.contains("Frisbee") }, "titles match")
        XCTAssertEqual(catalog.search("thumbs up").first?.topic, "thumbs up")
        XCTAssertEqual(catalog.search("xyzzy"), [])
        XCTAssertEqual(catalog.search("   "), [])
    }

    func testRatingFilterIsAMaximum() throws {
        let pg = try XCTUnwrap(RatingFilter(parameter: "pg"))
        let results = catalog.search("funny", rating: pg)
        XCTAssertFalse(results.isEmpty)
        XCTAssertTrue(results.allSatisfy { $0.rating == "g" || $0.rating == "pg" })
        XCTAssertTrue(results.contains { $0.rating == "pg" })
        XCTAssertNil(RatingFilter(parameter: "nc-17"))
        XCTAssertEqual(RatingFilter(parameter: nil), .all)
    }

    func testResultsRepeatIdsAcrossAndWithinPages() {
        let results = catalog.search("funny")
        XCTAssertGreaterThan(results.count, 60)
        XCTAssertEqual(results[26].id, results[20].id)
        XCTAssertEqual(results[51].id, results[45].id)
        XCTAssertLessThan(Set(results.map(\.id)).count, results.count)
        let trending = catalog.trending()
        XCTAssertEqual(trending[26].id, trending[20].id)
    }
}
