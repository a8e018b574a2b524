import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import SQLite
import TestSupport
import XCTest

/// Issue 35.1 over HTTP: `Cache-Control` agrees with `Age` and with the server's own fresh window
/// (`GIF_BFF_CACHE_FRESH_SECONDS`), so a cached answer never arrives already stale (RFC 9111
/// §4.2: fresh while its age is below max-age). Pages and items are kept at most 30 s from their
/// arrival (they carry `is_favorite`); trending terms as long as the server keeps them fresh.
final class CacheLifetimeTests: XCTestCase {
    func testAMissIsFreshForTheServersWindowAndPagesForThirtySecondsAtMost() async throws {
        for (fresh, page, terms) in [(60.0, "max-age=30", "max-age=60"), (10, "max-age=10", "max-age=10"), (0, "no-cache", "no-cache")] {
            let api = try APIHarness(self) { $0.gateway.freshSeconds = fresh }
            let miss = try api.get("/search?q=cats&limit=2")
            XCTAssertEqual(miss.header("X-Cache"), "MISS", "fresh \(fresh)")
            XCTAssertEqual(miss.header("Cache-Control"), page, "fresh \(fresh): a MISS")
            let id = try XCTUnwrap((miss.json?["data"] as? [[String: Any]])?.first?["id"] as? String)
            XCTAssertEqual(try api.get("/gif/\(id)").header("Cache-Control"), page, "fresh \(fresh): an item")
            XCTAssertEqual(try api.get("/trending/searches").header("Cache-Control"), terms, "fresh \(fresh): terms")
            await api.stop()
        }
    }

    func testTurningTheCacheOffMakesEveryAnswerNoCache() async throws {
        let api = try APIHarness(self) { $0.gateway.cacheEnabled = false }
        XCTAssertEqual(try api.get("/search?q=cats&limit=2").header("Cache-Control"), "no-cache")
        XCTAssertEqual(try api.get("/trending/searches").header("Cache-Control"), "no-cache")
    }

    /// The case: a HIT with `Age: 31` said `max-age=30`, stale on arrival. Cached answers
    /// are aged in the database (40 s and 20 s), then served by a restarted server as HITs.
    func testAHitIsFreshForWhatTheServerHasLeftWhateverItsAge() async throws {
        let first = try APIHarness(self) { $0.gateway.freshSeconds = 60 }
        XCTAssertEqual(try first.get("/search?q=cats&limit=2").header("X-Cache"), "MISS")
        XCTAssertEqual(try first.get("/search?q=dogs&limit=2").header("X-Cache"), "MISS")
        XCTAssertEqual(try first.get("/trending/searches").header("X-Cache"), "MISS")
        await first.flushWrites()
        await first.stopApp()
        do {
            let database = try Database(path: first.folder.appendingPathComponent("favorites.sqlite3").path)
            try database.execute("UPDATE response_cache SET stored_at = stored_at - 40000 WHERE cache_key NOT LIKE '%dogs%'")
            try database.execute("UPDATE response_cache SET stored_at = stored_at - 20000 WHERE cache_key LIKE '%dogs%'")
        }
        let api = try APIHarness(self, fake: first.fake, folder: first.folder) { $0.gateway.freshSeconds = 60 }
        let old = try api.get("/search?q=cats&limit=2")
        XCTAssertEqual(old.header("X-Cache"), "HIT")
        let oldAge = try XCTUnwrap(old.header("Age").flatMap { Int($0) })
        XCTAssertTrue((40..<60).contains(oldAge), "Age \(oldAge)")
        XCTAssertEqual(old.header("Cache-Control"), "max-age=60", "fresh until the server's window ends, 60 - Age s from now")
        let younger = try api.get("/search?q=dogs&limit=2")
        XCTAssertEqual(younger.header("X-Cache"), "HIT")
        let youngerAge = try XCTUnwrap(younger.header("Age").flatMap { Int($0) })
        XCTAssertTrue((20..<30).contains(youngerAge), "Age \(youngerAge)")
        XCTAssertEqual(younger.header("Cache-Control"), "max-age=\(youngerAge + 30)", "kept 30 s from now, within the window")
        let terms = try api.get("/trending/searches")
        XCTAssertEqual(terms.header("X-Cache"), "HIT")
        XCTAssertEqual(terms.header("Cache-Control"), "max-age=60")
        // A 304 repeats the lifetime the 200 would have had.
        let etag = try XCTUnwrap(old.header("ETag"))
        let notModified = try api.send("GET", "/search?q=cats&limit=2", headers: ["If-None-Match: \(etag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.header("Cache-Control"), "max-age=60")
        XCTAssertNotNil(notModified.header("Age"))
    }

    func testAStaleAnswerIsRevalidated() async throws {
        let api = try APIHarness(self) { $0.gateway.freshSeconds = 0 }
        XCTAssertEqual(try api.get("/search?q=cats&limit=2").status, 200)
        api.fake.inject(.serviceUnavailable, lifetime: .sticky)
        let stale = try api.get("/search?q=cats&limit=2")
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        XCTAssertEqual(stale.header("Cache-Control"), "no-cache")
    }

    /// The contract is revalidated each time (its ETag is a hash of it): never cached past an upgrade.
    func testTheContractIsRevalidatedByItsETag() async throws {
        let api = try APIHarness(self)
        let document = try api.get("/openapi.yaml")
        XCTAssertEqual(document.status, 200)
        XCTAssertEqual(document.header("Cache-Control"), "no-cache")
        let etag = try XCTUnwrap(document.header("ETag"))
        let notModified = try api.send("GET", "/openapi.yaml", headers: ["If-None-Match: \(etag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.header("Cache-Control"), "no-cache")
    }
}
