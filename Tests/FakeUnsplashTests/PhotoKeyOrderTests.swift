import FakeUnsplash
import Foundation
import JSON
import UnsplashCatalog
import XCTest

/// The fake writes Unsplash's keys in Unsplash's own order (not sorted), and its nulls and
/// numbers as Unsplash sends them.
final class PhotoKeyOrderTests: XCTestCase {
    private static let listKeys = ["id", "slug", "created_at", "updated_at", "width", "height", "color", "blur_hash", "description",
                                   "alt_description", "urls", "links", "likes", "liked_by_user", "user"]

    func testAPhotoInASearchAndInDetail() async throws {
        let harness = try startFake()
        let searched = try await harness.get("/search/photos", "query=mountain")
        let search = try XCTUnwrap(JSONDocument.root(of: searched.body))
        XCTAssertEqual(search.members.map(\.key), ["total", "total_pages", "results"])
        let listed = try XCTUnwrap(search["results"]?.elements.first)
        XCTAssertEqual(listed.members.map(\.key), Self.listKeys)
        XCTAssertEqual(listed["links"]?.members.map(\.key), ["self", "html", "download", "download_location"])
        XCTAssertEqual(listed["urls"]?.members.last?.key, "small_s3")
        XCTAssertEqual(listed["user"]?.members.map(\.key), ["id", "username", "name", "portfolio_url", "bio", "links", "profile_image"])

        let placed = try XCTUnwrap(harness.fake.catalog.photos.first { $0.location != nil })
        let detailed = try await harness.get("/photos/\(placed.id)")
        let detail = try XCTUnwrap(JSONDocument.root(of: detailed.body))
        XCTAssertEqual(detail.members.map(\.key), Self.listKeys + ["exif", "location", "tags"])
        XCTAssertEqual(detail["exif"]?.members.map(\.key), ["make", "model", "name", "exposure_time", "aperture", "focal_length", "iso"])
        XCTAssertEqual(detail["location"]?.members.map(\.key), ["name", "city", "country", "position"])
        XCTAssertEqual(detail["location"]?["position"]?["latitude"]?.number, 35.676192)
        XCTAssertEqual(detail["location"]?["position"]?["longitude"]?.number, 139.650311)
        XCTAssertEqual(detail["tags"]?.elements.first?.members.map(\.key), ["type", "title"])

        let unplaced = try XCTUnwrap(harness.fake.catalog.photos.first { $0.location == nil && $0.exif == nil })
        let unknown = try await harness.get("/photos/\(unplaced.id)")
        let bare = try XCTUnwrap(JSONDocument.root(of: unknown.body))
        XCTAssertEqual(bare["exif"]?.members.filter { !$0.value.isNull }.count, 0, "every EXIF field null")
        XCTAssertEqual(bare["location"]?["position"]?.members.map { $0.value.isNull }, [true, true])
    }
}
