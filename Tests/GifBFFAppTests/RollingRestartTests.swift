import FakeGiphy
import FakeUpstream
import Foundation
import Glibc
import TestSupport
import XCTest

/// Deploys that drop nothing (issue 33.3): two gif-bff processes on one PostgreSQL database behind
/// Debian's nginx, under searches and adds from several clients, restarted one after the other as
/// a rolling deploy does it (SIGTERM, wait for the exit, start again on the same port, wait for
/// /readyz, then the next). Skipped where PostgreSQL or nginx is missing, failing under CI=true.
final class RollingRestartTests: XCTestCase {
    func testARollingRestartUnderLoadCostsNoRequestAndNoAcknowledgedAdd() async throws {
        let fleet = try Fleet(self, flags: ["--favorites-limit", "1000", "--drain-seconds", "1"])
        // 8 clients adding favorites between searches, 2 searching new words (slow upstream calls).
        let adding = 8, searching = 2
        let ids = try fleet.distinctTrendingIDs(count: adding * 50)
        let addsPerClient = ids.count / adding
        let installs = try (0..<(adding + searching)).map { _ in try fleet.register() }
        // A search GIPHY is asked takes 1.5 s (a slow upstream): some are in flight when a stop comes.
        fleet.fake.inject(.delay(milliseconds: 1_500), lifetime: .sticky, path: "/v1/gifs/search")
        let load = MixedLoad(port: fleet.balancerPort, tokens: installs.map(\.authorization),
                             items: (0..<adding).map { Array(ids[($0 * addsPerClient)..<(($0 + 1) * addsPerClient)]) }
                                 + Array(repeating: [], count: searching),
                             maxRequestsPerClient: 3_000)
        var stops: [String] = []
        var requestsDuringRestarts = 0, addsDuringRestarts = 0
        do {
            try await waitUntil("the load is under way") { load.requestsSoFar >= 20 }
            let (before, addsBefore) = (load.requestsSoFar, load.addsSoFar)
            for index in 0..<2 {
                let (took, status) = try fleet.terminate(index)
                XCTAssertEqual(status, 0, "instance \(index) stops cleanly")
                stops.append(String(describing: took))
                try fleet.restart(index)
                try await waitUntil("instance \(index) is ready again", timeout: .seconds(30)) {
                    (try? fleet.send("GET", "/readyz", to: index, timeout: 2))?.status == 200
                }
                // nginx set it aside for fail_timeout (2 s) when it refused a connection: the next
                // may stop only once nginx sends it requests again (else neither takes any).
                try await waitUntil("nginx sends instance \(index) searches again", timeout: .seconds(30)) {
                    fleet.latestLog(index).contains("path=/search")
                }
            }
            requestsDuringRestarts = load.requestsSoFar - before
            addsDuringRestarts = load.addsSoFar - addsBefore
            try await Task.sleep(for: .milliseconds(500))
        } catch {
            _ = load.stop()
            throw error
        }
        let figures = try XCTUnwrap(load.stop(), "a client still busy a minute after the load stopped")
        var lost = 0, found = 0
        for (client, install) in installs.enumerated() {
            let list = try fleet.send("GET", "/favorites", headers: [install.authorization])
            XCTAssertEqual(list.status, 200, list.text)
            let listed = Set(list.itemIDs)
            found += figures.acknowledged[client].filter(listed.contains).count
            lost += figures.acknowledged[client].filter { !listed.contains($0) }.count
        }
        let acknowledged = figures.acknowledged.map(\.count).reduce(0, +)
        print("rolling restart: \(figures.requests) requests (\(figures.searches) searches, \(figures.adds) adds), "
              + "\(requestsDuringRestarts) (\(addsDuringRestarts) adds) during the restarts, \(figures.errors.count) client errors, "
              + "\(acknowledged) adds acknowledged, \(found) found afterwards, \(lost) lost; "
              + "stopping took \(stops.joined(separator: " and "))")
        XCTAssertEqual(figures.errors.count, 0, "no client error; the first: \(figures.errors.prefix(3)); "
                       + "nginx's errors: \(fleet.balancerLog().prefix(4_000))")
        XCTAssertEqual(lost, 0, "every acknowledged add is listed afterwards")
        XCTAssertGreaterThan(requestsDuringRestarts, 100, "the load went on through both restarts")
        XCTAssertGreaterThan(addsDuringRestarts, 20, "adds too")
        XCTAssertGreaterThan(acknowledged, 0)
    }
}
