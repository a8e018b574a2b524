import UnsplashCatalog
import XCTest

/// The generated catalog: deterministic, and with Unsplash's quirks (nulls on about half, EXIF
/// null on most, a location on some), with enough photos for each topic's words.
final class PhotoCatalogTests: XCTestCase {
    func testTheCatalogIsDeterministicAndHasUnsplashsQuirks() {
        let photos = PhotoCatalog.standard.photos
        XCTAssertEqual(PhotoCatalog(seed: PhotoCatalog.defaultSeed).photos.map(\.id), photos.map(\.id))
        XCTAssertGreaterThanOrEqual(photos.count, 200)
        XCTAssertEqual(Set(photos.map(\.id)).count, photos.count, "ids are unique")
        let withoutDescription = photos.filter { $0.description == nil }.count
        XCTAssertTrue((photos.count * 2 / 5...photos.count * 3 / 5).contains(withoutDescription), "about half: \(withoutDescription)")
        XCTAssertLessThan(photos.filter { $0.exif != nil }.count, photos.count / 3, "EXIF all null on most")
        XCTAssertGreaterThan(photos.filter { $0.location != nil }.count, photos.count / 5, "a location on some")
        for word in ["cat", "mountain", "city", "coffee", "beach"] {
            XCTAssertGreaterThanOrEqual(PhotoCatalog.standard.search(word).count, 20, word)
        }
    }
}
