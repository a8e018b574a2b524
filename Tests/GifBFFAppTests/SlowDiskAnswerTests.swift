import Dispatch
import Foundation
import Synchronization
import TestSupport
import XCTest

/// Through the real server on a slow disk (every database and WAL write takes 100 ms), started
/// afresh while users add favorites: the favorites list, a search never made before, a page
/// stored in the cache and /healthz are all answered before a second add is done. Only that
/// order of magnitude is asserted (an add writes for a second or more), never a timing.
final class SlowDiskAnswerTests: XCTestCase {
    func testAfterAFreshStartReadsAreAnsweredWhileFavoritesAreBeingWritten() async throws {
        let first = try APIHarness(self, databaseOptions: SlowDisk.databaseOptions)
        let ids = try trendingIDs(first, count: 4)
        XCTAssertEqual(try add(first, ids[0]), 201)
        XCTAssertEqual(try first.get("/search?q=kept%20in%20the%20cache").status, 200)
        await first.flushWrites()
        await first.stopApp()

        slowDownDisk(to: .milliseconds(100))
        let api = try APIHarness(self, fake: first.fake, folder: first.folder, databaseOptions: SlowDisk.databaseOptions)
        let writesBefore = SlowDisk.writeCount
        let adds = BackgroundAdds(api: api, ids: Array(ids[1...]))
        try await waitUntil("the first slow write starts") { SlowDisk.writeCount > writesBefore }

        let favorites = try api.get("/favorites")
        let newSearch = try api.get("/search?q=never%20searched%20before")
        let cachedSearch = try api.get("/search?q=kept%20in%20the%20cache")
        let health = try api.get("/healthz")
        XCTAssertLessThanOrEqual(adds.finished, 1, "answered before a second add was done")
        XCTAssertEqual(favorites.status, 200)
        XCTAssertTrue(itemIDs(favorites).contains(ids[0]), "the favorites read at start: \(itemIDs(favorites))")
        XCTAssertEqual(newSearch.status, 200)
        XCTAssertEqual(newSearch.header("X-Cache"), "MISS")
        XCTAssertEqual(cachedSearch.status, 200)
        XCTAssertEqual(cachedSearch.header("X-Cache"), "HIT", "read from the database: memory is empty after the start")
        XCTAssertEqual(health.status, 200)

        let statuses = await adds.wait()
        XCTAssertEqual(statuses, [201, 201, 201])
        XCTAssertEqual(Set(itemIDs(try api.get("/favorites"))), Set(ids))
    }

    /// Adds one favorite per id, each from a thread of its own (several users at once), counting
    /// the adds answered.
    private final class BackgroundAdds: Sendable {
        private let answered = Mutex<[Int]>([])
        private let group = DispatchGroup()

        init(api: APIHarness, ids: [String]) {
            for id in ids {
                group.enter()
                DispatchQueue.global().async { [self] in
                    let status = (try? api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#).status) ?? 0
                    answered.withLock { $0.append(status) }
                    group.leave()
                }
            }
        }

        var finished: Int { answered.withLock { $0.count } }

        func wait() async -> [Int] {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                group.notify(queue: .global()) { done.resume() }
            }
            return answered.withLock { $0 }
        }
    }

    private func trendingIDs(_ api: APIHarness, count: Int) throws -> [String] {
        let ids = itemIDs(try api.get("/trending?limit=\(count)"))
        XCTAssertEqual(ids.count, count)
        return ids
    }

    private func itemIDs(_ response: RawClient.Response) -> [String] {
        ((response.json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    private func add(_ api: APIHarness, _ id: String) throws -> Int {
        try api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#).status
    }
}
