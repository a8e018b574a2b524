import DemoMedia
import GiphyCatalog
import GiphyDemo
import TestSupport
import UnsplashCatalog
import UnsplashDemo
import XCTest

/// The catalogs' pictures: the sizes their catalogs state, bad paths refused before anything is
/// drawn, and a cache that keeps within its bytes.
final class LibraryTests: XCTestCase {
    private func library(cacheBytes: Int = DemoMediaLibrary.defaultCacheBytes) -> DemoMediaLibrary {
        DemoMediaLibrary(catalogs: ["giphy": GiphyDemoMedia(), "unsplash": UnsplashDemoMedia()], cacheBytes: cacheBytes)
    }

    func testEveryGIFRenditionOfACatalogGIFIsDrawnAtItsStatedSize() async throws {
        let media = library()
        let gif = GIFCatalog.standard.gifs[5]
        for rendition in gif.renditions {
            guard let width = rendition.width, let height = rendition.height, width > 0, !(rendition.url ?? "").isEmpty else { continue }
            let image = try await media.image(provider: "giphy", key: gif.id, name: rendition.name + ".gif", query: [:])
            let facts = try XCTUnwrap(ImageFacts.read(image.bytes), rendition.name)
            XCTAssertEqual("\(facts.width)x\(facts.height)", "\(width)x\(height)", rendition.name)
            XCTAssertEqual(facts.frames, GiphyDemoMedia.isStill(rendition.name) ? 1 : 8, rendition.name)
        }
    }

    /// Unsplash's rule (`w` wide, the ratio kept, never upscaled) from the photo fitted within
    /// `photoSideLimit`: the catalog's originals run to 6000 px, and none is drawn larger than 2048.
    func testAPhotoFollowsUnsplashsWidthRuleWithinTheSideLimit() async throws {
        let media = library()
        let photo = PhotoCatalog.standard.photos[0]
        XCTAssertEqual("\(photo.width)x\(photo.height)", "2085x5002")
        for (query, expected) in [([String: String](), "853x2046"), (["w": "400"], "400x959"), (["w": "853"], "853x2046"),
                                  (["w": "854"], "853x2046"), (["w": "8000"], "853x2046"), (["w": "1"], "1x2")] {
            let image = try await media.image(provider: "unsplash", key: photo.id, name: "photo", query: query)
            let facts = try XCTUnwrap(ImageFacts.read(image.bytes))
            XCTAssertEqual("\(facts.width)x\(facts.height)", expected, "\(query)")
        }
        let served = UnsplashDemoMedia.servedCatalog(mediaAt: "http://demo.invalid/media")
        XCTAssertEqual(served.photo(id: photo.id).map { "\($0.width)x\($0.height)" }, "853x2046", "what demo answers state")
        for photo in served.photos {
            XCTAssertLessThanOrEqual(max(photo.width, photo.height), UnsplashDemoMedia.photoSideLimit, photo.id)
            XCTAssertGreaterThanOrEqual(max(photo.width, photo.height), UnsplashDemoMedia.photoSideLimit - 3, photo.id)
        }
    }

    func testBadPathsAreRefusedBeforeAnythingIsDrawn() async {
        let media = library()
        let photo = PhotoCatalog.standard.photos[0].id
        let gif = GIFCatalog.standard.gifs[0].id
        let cases: [(String, String, String, [String: String], DemoMediaError)] = [
            ("giphy", "nope", "original.gif", [:], .notFound("The GIPHY demo catalog has no GIF nope.")),
            ("giphy", gif, "nope.gif", [:], .notFound("GIF \(gif) has no rendition nope in the demo catalog.")),
            ("giphy", gif, "original.mp4", [:], .notFound("No GIPHY demo media is named original.mp4.")),
            ("tenor", gif, "original.gif", [:], .notFound("tenor is not served from a demo catalog here.")),
            ("unsplash", photo, "photo", ["w": "0"], .invalid(parameter: "w", rule: "must be an integer from 1 to 8000.")),
            ("unsplash", photo, "photo", ["w": "abc"], .invalid(parameter: "w", rule: "must be an integer from 1 to 8000.")),
            ("unsplash", photo, "photo", ["w": "99999999999"], .invalid(parameter: "w", rule: "must be an integer from 1 to 8000.")),
            ("unsplash", "nope", "photo", [:], .notFound("The Unsplash demo catalog has no photo nope.")),
            ("unsplash", "nobody", "profile", [:], .notFound("The Unsplash demo catalog has no user nobody.")),
            ("unsplash", photo, "profile", ["h": "9999"], .invalid(parameter: "h", rule: "must be an integer from 1 to 512.")),
        ]
        for (provider, key, name, query, expected) in cases {
            do {
                _ = try await media.image(provider: provider, key: key, name: name, query: query)
                XCTFail("\(provider)/\(key)/\(name) \(query) was drawn")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
        XCTAssertEqual(media.cachedCount, 0, "nothing was drawn")
    }

    func testTheCacheKeepsWithinItsBytesAndServesTheSameBytesAgain() async throws {
        let limit = 200_000
        let media = library(cacheBytes: limit)
        let gifs = GIFCatalog.standard.gifs.prefix(60)
        var first: [String: [UInt8]] = [:]
        for gif in gifs {
            first[gif.id] = try await media.image(provider: "giphy", key: gif.id, name: "original.gif", query: [:]).bytes
            XCTAssertLessThanOrEqual(media.cachedBytes, limit)
        }
        XCTAssertGreaterThan(media.cachedCount, 0)
        XCTAssertLessThan(media.cachedCount, gifs.count, "the oldest went")
        for gif in gifs.prefix(5) {
            let again = try await media.image(provider: "giphy", key: gif.id, name: "original.gif", query: [:]).bytes
            XCTAssertEqual(again, first[gif.id], "drawn again, to the byte")
        }
    }

    func testAvatarsAndProfileImagesOfTheCatalogsUsers() async throws {
        let media = library()
        let user = try XCTUnwrap(GIFCatalog.standard.gifs.lazy.compactMap(\.user).first).username
        let avatar = try await media.image(provider: "giphy", key: user, name: "avatar.gif", query: [:])
        XCTAssertEqual(ImageFacts.read(avatar.bytes)?.format, "gif")
        let photographer = PhotoCatalog.standard.photos[0].photographer.username
        let profile = try await media.image(provider: "unsplash", key: photographer, name: "profile", query: ["w": "32", "h": "32"])
        XCTAssertEqual(ImageFacts.read(profile.bytes).map { "\($0.width)x\($0.height)" }, "32x32")
        XCTAssertEqual(profile.contentType, "image/png")
    }
}
