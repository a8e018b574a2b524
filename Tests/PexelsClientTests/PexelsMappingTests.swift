import FakePexels
import Foundation
import Model
import PexelsCatalog
import PexelsClient
import XCTest

/// A Pexels photo read into our item over HTTP: the attribution its guidelines ask for, the
/// photographer, `avg_color`, `alt`, and the renditions sized by its image host's rule.
final class PexelsMappingTests: XCTestCase {
    func testAPhotoCarriesItsPhotographerColourAltAndAttribution() async throws {
        let harness = try startHarness()
        let photo = try XCTUnwrap(harness.fake.catalog.photos.first { !$0.alt.isEmpty })
        let item = try await harness.client().item(id: String(photo.id))
        XCTAssertEqual(item.title, photo.alt)
        XCTAssertEqual(item.altText, photo.alt)
        XCTAssertEqual(item.color, photo.averageColor)
        XCTAssertEqual(item.url, photo.pageURL)
        XCTAssertEqual(item.user, Author(displayName: photo.photographer.name, profileURL: photo.photographer.profileURL))
        XCTAssertEqual(item.attribution, Attribution(text: "Photo by \(photo.photographer.name) on Pexels",
                                                     authorURL: photo.photographer.profileURL, providerURL: photo.pageURL))
        XCTAssertEqual(item.shareText, "\(photo.alt) by \(photo.photographer.name) on Pexels \(photo.pageURL)")
        XCTAssertEqual(item.width, photo.width)
        XCTAssertEqual(item.height, photo.height)
        XCTAssertNil(item.rating, "Pexels rates nothing")
    }

    /// Pexels' `alt` is "" where it has none: no title, no alt text, and the credit still there.
    func testAnEmptyAltIsLeftOut() async throws {
        let harness = try startHarness()
        let photo = try XCTUnwrap(harness.fake.catalog.photos.first { $0.alt.isEmpty })
        let item = try await harness.client().item(id: String(photo.id))
        XCTAssertNil(item.title)
        XCTAssertNil(item.altText)
        XCTAssertEqual(item.shareText, "Photo by \(photo.photographer.name) on Pexels \(photo.pageURL)")
    }

    /// `small` is 130 high, `medium` 350 high, `large` within 940 x 650, the original itself.
    func testRenditionsComeFromSrcSizedByPexelsRule() async throws {
        let harness = try startHarness()
        let photo = try XCTUnwrap(harness.fake.catalog.photos.first { $0.width > $0.height })
        let item = try await harness.client().item(id: String(photo.id))
        let sources = Dictionary(uniqueKeysWithValues: harness.fake.catalog.sources(of: photo).map { ($0.name, $0.url) })
        XCTAssertEqual(Set(item.images.names), ["thumb", "small", "regular", "full"])
        XCTAssertEqual(item.images["full"], Rendition(url: sources["original"] ?? "", width: photo.width, height: photo.height))
        let ratio = Double(photo.width) / Double(photo.height)
        XCTAssertEqual(item.images["thumb"]?.url, sources["small"])
        XCTAssertEqual(item.images["thumb"]?.height, 130)
        XCTAssertEqual(item.images["thumb"]?.width, Int((130 * ratio).rounded()))
        XCTAssertEqual(item.images["small"]?.url, sources["medium"])
        XCTAssertEqual(item.images["small"]?.height, 350)
        XCTAssertEqual(item.images["regular"]?.url, sources["large"])
        let regular = try XCTUnwrap(item.images["regular"])
        XCTAssertTrue(regular.width <= 940 && regular.height <= 650 && (regular.width == 940 || regular.height == 650), "\(regular)")
    }

    func testTheRuleNeverUpscalesNorMakesZero() {
        XCTAssertEqual(Pexels.renditionSize(width: 100, height: 80, box: (nil, 350)).height, 80)
        XCTAssertEqual(Pexels.renditionSize(width: 10_000, height: 1, box: (nil, 130)).height, 1)
        XCTAssertEqual(Pexels.renditionSize(width: 1, height: 10_000, box: (940, 650)).width, 1)
    }
}
