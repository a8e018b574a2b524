import FakeUnsplash
import FakeUpstream
import Foundation
import UnsplashCatalog
import XCTest

/// The fake Unsplash's shapes, key check, hourly limit and paging, as the real one has them.
final class FakeUnsplashTests: XCTestCase {
    func testSearchShapePagingAndHeaders() async throws {
        let harness = try startFake()
        let total = harness.fake.catalog.search("mountain").count
        let answer = try await harness.get("/search/photos", "query=mountain&page=2&per_page=7")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.object?["total"] as? Int, total)
        XCTAssertEqual(answer.object?["total_pages"] as? Int, (total + 6) / 7)
        XCTAssertEqual(answer.results.compactMap { $0["id"] as? String }, harness.fake.catalog.search("mountain")[7..<14].map(\.id))
        XCTAssertEqual(answer.headers["x-total"], String(total))
        XCTAssertEqual(answer.headers["x-per-page"], "7")
        let link = try XCTUnwrap(answer.headers["link"])
        let base = harness.baseURL.absoluteString + "/search/photos?query=mountain&per_page=7"
        XCTAssertEqual(link, "<\(base)&page=1>; rel=\"first\", <\(base)&page=1>; rel=\"prev\", "
                       + "<\(base)&page=\((total + 6) / 7)>; rel=\"last\", <\(base)&page=3>; rel=\"next\"")
        let photo = try XCTUnwrap(answer.results.first)
        for key in ["id", "created_at", "width", "height", "color", "blur_hash", "description", "alt_description", "urls", "links", "likes", "user"] {
            XCTAssertNotNil(photo[key], key)
        }
        XCTAssertNil(photo["exif"], "search results carry no EXIF")
        let links = try XCTUnwrap(photo["links"] as? [String: Any])
        XCTAssertTrue((links["download_location"] as? String ?? "").hasPrefix(harness.baseURL.absoluteString + "/photos/"))
        let capped = try await harness.get("/search/photos", "query=a&per_page=100")
        XCTAssertEqual(capped.results.count, 30, "per_page is at most 30")
        let missing = try await harness.get("/search/photos", "page=1")
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.object?["errors"] as? [String], ["query is missing"])
    }

    func testPagesPastTheEndAndPastPage200AreEmpty() async throws {
        let harness = try startFake()
        for page in ["99", "201"] {
            let answer = try await harness.get("/search/photos", "query=cat&page=\(page)&per_page=1")
            XCTAssertEqual(answer.status, 200)
            XCTAssertEqual(answer.results.count, 0, page)
            XCTAssertEqual(answer.object?["total_pages"] as? Int, 0, page)
        }
        let feed = try await harness.get("/photos", "page=1000&per_page=30")
        XCTAssertEqual(feed.array?.count, 0)
    }

    func testEditorialFeedIsABareListInTheOrderAsked() async throws {
        let harness = try startFake()
        let popular = try await harness.get("/photos", "order_by=popular&per_page=5")
        let likes = try XCTUnwrap(popular.array).compactMap { $0["likes"] as? Int }
        XCTAssertEqual(likes, likes.sorted(by: >))
        XCTAssertEqual(likes.count, 5)
        XCTAssertEqual(popular.headers["x-total"], String(harness.fake.catalog.photos.count))
    }

    func testPhotoDetailRandomAndDownload() async throws {
        let harness = try startFake()
        let photo = harness.fake.catalog.photos[0]
        let detail = try await harness.get("/photos/\(photo.id)")
        let exif = try XCTUnwrap(detail.object?["exif"] as? [String: Any])
        XCTAssertEqual(Set(exif.keys), ["make", "model", "name", "exposure_time", "aperture", "focal_length", "iso"])
        XCTAssertNotNil(detail.object?["location"])
        let unknown = try await harness.get("/photos/nope")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.object?["errors"] as? [String], ["Couldn't find Photo"])
        let one = try await harness.get("/photos/random", "query=coffee")
        XCTAssertNotNil(one.object?["id"])
        let three = try await harness.get("/photos/random", "count=3")
        XCTAssertEqual(three.array?.count, 3)
        let none = try await harness.get("/photos/random", "query=zzzqqq")
        XCTAssertEqual(none.status, 404)
        let download = try await harness.get("/photos/\(photo.id)/download", "ixid=\(photo.ixid)")
        XCTAssertTrue((download.object?["url"] as? String ?? "").hasPrefix("https://images.unsplash.com/"))
        XCTAssertEqual(harness.fake.downloadCount(id: photo.id), 1)
    }

    func testAWrongOrMissingKeyIs401WithUnsplashsBody() async throws {
        let harness = try startFake()
        for key in [nil, "wrong"] {
            let answer = try await harness.get("/photos", key: key)
            XCTAssertEqual(answer.status, 401)
            XCTAssertEqual(answer.object?["errors"] as? [String], ["OAuth error: The access token is invalid"])
        }
    }

    func testTheHourlyLimitCountsDownThenAnswers403PlainText() async throws {
        let harness = try startFake(hourlyLimit: 2)
        let first = try await harness.get("/photos")
        XCTAssertEqual(first.headers["x-ratelimit-limit"], "2")
        XCTAssertEqual(first.headers["x-ratelimit-remaining"], "1")
        let second = try await harness.get("/photos/random")
        XCTAssertEqual(second.headers["x-ratelimit-remaining"], "0")
        let refused = try await harness.get("/photos")
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.text, "Rate Limit Exceeded")
        XCTAssertEqual(refused.headers["content-type"], "text/plain")
        XCTAssertEqual(refused.headers["x-ratelimit-remaining"], "0")
        harness.fake.resetRateLimit()
        let again = try await harness.get("/photos")
        XCTAssertEqual(again.status, 200)
    }

    func testFaultsAndCallCounts() async throws {
        let harness = try startFake()
        harness.fake.inject(.status(503, errors: ["Service Unavailable"]), path: "/search/photos")
        let faulted = try await harness.get("/search/photos", "query=cat")
        XCTAssertEqual(faulted.status, 503)
        XCTAssertEqual(faulted.object?["errors"] as? [String], ["Service Unavailable"])
        harness.fake.inject(.rateLimited)
        let limited = try await harness.get("/photos")
        XCTAssertEqual(limited.status, 403)
        XCTAssertEqual(limited.text, "Rate Limit Exceeded")
        let normal = try await harness.get("/search/photos", "query=cat")
        XCTAssertEqual(normal.status, 200)
        XCTAssertEqual(harness.fake.callCount(path: "/search/photos"), 2)
        XCTAssertEqual(harness.fake.callCount(), 3)
    }
}
