import Foundation
import HTTPServer
@testable import GifBFFApp
import PostgreSQL
import TestSupport
import XCTest

/// Issue 48 item 2, on one real PostgreSQL: what a failover does to a running server, one part at
/// a time. A connection that lands on a server taking no writes is never written on (a 503, and
/// /readyz 503 until a server that takes writes answers); while the LISTEN connection is lost,
/// nothing read before is trusted (a change announced meanwhile would go unheard).
final class DatabaseFailoverTests: XCTestCase {
    private func database() throws -> (url: String, name: String, cluster: PostgreSQLCluster) {
        let url = try PostgreSQLCluster.database(for: self)
        return (url, try XCTUnwrap(url.split(separator: "/").last.map(String.init)), try PostgreSQLCluster.running())
    }

    private func harness(_ url: String, fake: APIHarness? = nil) throws -> APIHarness {
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { throw XCTSkip("not a connection string: \(url)") }
        return try APIHarness(self, fake: fake?.fake) { $0.databaseURL = parsed }
    }

    /// `target_session_attrs=any`: libpq takes whichever server answers, here one whose every new
    /// session is read-only (as a standby's are); the server's sessions are ended so the pool
    /// connects again. No write goes there: each is a quick 503 `storage_unavailable`; /readyz is
    /// 503 saying why; once the server takes writes again, so does gif-bff, with nothing lost.
    func testAConnectionThatLandsOnAServerTakingNoWritesIsNeverWrittenOn() async throws {
        let (url, name, cluster) = try database()
        let api = try harness(url + "?target_session_attrs=any")
        let install = try api.registerInstall()
        let ids = try api.trendingIDs(count: 3)
        XCTAssertEqual(try api.addFavorite(ids[0], install).status, 201)
        await api.flushWrites()
        try cluster.psql("ALTER DATABASE \(name) SET default_transaction_read_only = on",
                         "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        // At first a connection ended under it ("does not answer"), then the new ones refused.
        try await waitUntil("/readyz says the server takes no writes", timeout: .seconds(10)) {
            let notReady = try api.get("/readyz")
            return notReady.status == 503 && (notReady.json?["detail"] as? String ?? "").contains("takes no writes")
        }
        // Over more than the pool's backoff: connections are made again, onto the read-only server.
        // At least six tries, however slow each is (a count within a fixed 1.5 s depended on it).
        let clock = ContinuousClock(), until = clock.now + .milliseconds(1_500)
        var tries = 0
        while clock.now < until || tries < 6 {
            let started = clock.now
            let refused = try api.addFavorite(ids[1], install)
            XCTAssertEqual(refused.status, 503, refused.text)
            XCTAssertEqual(refused.json?["code"] as? String, "storage_unavailable", refused.text)
            XCTAssertNotNil(refused.header("Retry-After"))
            XCTAssertLessThan(clock.now - started, .seconds(1), "refused quickly")
            tries += 1
            try await Task.sleep(for: .milliseconds(100))
        }
        try cluster.psql("ALTER DATABASE \(name) RESET default_transaction_read_only")
        try await waitUntil("/readyz says ready again", timeout: .seconds(10)) { try api.get("/readyz").status == 200 }
        let added = try api.addFavorite(ids[2], install)
        XCTAssertEqual(added.status, 201, added.text + api.logSink.capturedText.suffix(3000))
        XCTAssertEqual(try api.favoriteIDs(install), [ids[2], ids[0]], "nothing was written while read-only, nothing lost")
    }

    /// Two instances; the first's LISTEN connection is ended and cannot be made again (the
    /// database takes no new connection) while the second adds a favorite: its announcement goes
    /// unheard, yet the first lists it (read again, not from its memory). Once listening again,
    /// announcements reach it as before.
    func testWhileTheListenerIsLostNothingReadBeforeIsTrusted() async throws {
        let (url, name, cluster) = try database()
        let first = try harness(url)
        let second = try harness(url, fake: first)
        let install = try first.registerInstall()
        let ids = try first.trendingIDs(count: 3)
        XCTAssertEqual(try first.addFavorite(ids[0], install).status, 201)
        XCTAssertEqual(try first.favoriteIDs(install), [ids[0]])
        XCTAssertEqual(try second.favoriteIDs(install), [ids[0]])
        await first.flushWrites()
        await second.flushWrites()
        var reopened = false
        defer { if !reopened { try? cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true") } }
        // Superusers too are kept out; the pools' connections already made stay.
        try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS false",
                         "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND query LIKE 'LISTEN%'")
        // Until the first instance has seen its listener go, it answers the list from memory (at
        // once, on its loop); once deaf, it reads it again (on a worker). A fixed second bet that
        // a loaded machine's listener thread had seen it by then.
        try await waitUntil("the first instance knows nobody listens", timeout: eventTimeout) {
            let byWorkers = first.answerCounts.byWorkers
            _ = try first.send("GET", "/favorites", headers: [install.authorization])
            return first.answerCounts.byWorkers > byWorkers
        }
        // Read once more while nobody listens: had that been kept, the next change would go unseen.
        XCTAssertEqual(try answered { try first.send("GET", "/favorites", headers: [install.authorization]) }.itemIDs, [ids[0]])
        XCTAssertEqual(try answered { try second.addFavorite(ids[1], install) }.status, 201)
        let listed = try answered { try first.send("GET", "/favorites", headers: [install.authorization]) }
        XCTAssertEqual(listed.itemIDs, [ids[1], ids[0]], "read again while nobody listens, not from memory")
        try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        reopened = true
        XCTAssertEqual(try answered { try second.addFavorite(ids[2], install) }.status, 201)
        try await waitUntil("the first instance lists the third", timeout: .seconds(10)) {
            try first.send("GET", "/favorites", headers: [install.authorization]).itemIDs == [ids[2], ids[1], ids[0]]
        }
    }

    /// With new connections refused, a call that found no connection already made is a 503 on
    /// that try alone (the pool's slots are taken last in, first out): tried again a few times.
    private func answered(_ request: () throws -> RawClient.Response) throws -> RawClient.Response {
        var answer = try request()
        for _ in 0..<5 where answer.status == 503 {
            usleep(300_000)
            answer = try request()
        }
        return answer
    }
}
