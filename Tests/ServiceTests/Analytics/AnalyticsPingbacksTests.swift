import Gateway
import GiphyClient
import Foundation
import Service
import Model
import Synchronization
import TestSupport
import XCTest

/// The pingback queue alone, with a channel the test holds shut: bound, order, counts.
final class AnalyticsPingbacksTests: XCTestCase {
    /// Records the urls asked for; each ping waits until the test opens the gate.
    private final class GatedChannel: PingbackChannel {
        let pinged = Mutex<[String]>([])
        let open = Mutex(false)

        func ping(_ url: String, at date: Date, install: InstallID?) async throws {
            pinged.withLock { $0.append(url) }
            while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    private func links(_ id: String) -> Item {
        Item(id: id, provider: .giphy, url: "https://giphy.example/\(id)",
            attribution: Giphy.attribution,
            upstreamLinks: UpstreamLinks(onload: "https://pingback.example/seen?id=\(id)"))
    }

    func testAFullQueueDropsItsOldestAndCountsIt() async throws {
        let channel = GatedChannel()
        let index = UpstreamLinkIndex()
        index.record(["a", "b", "c", "d", "e"].map(links))
        let pingbacks = AnalyticsPingbacks(channel: channel, index: index,
                                           settings: PingbackSettings(queueCapacity: 3, batchSize: 1))
        pingbacks.record(.seen, ids: ["a"], install: .local)
        try await waitUntil { channel.pinged.withLock { $0.count } == 1 }
        // "a" is being sent; the queue holds three: b is dropped when e arrives.
        pingbacks.record(.seen, ids: ["b", "c", "d", "e"], install: .local)
        XCTAssertEqual(pingbacks.counts.dropped, 1)
        channel.open.withLock { $0 = true }
        await pingbacks.flush(within: .seconds(5))
        XCTAssertEqual(channel.pinged.withLock { $0 }, ["a", "c", "d", "e"].map { "https://pingback.example/seen?id=\($0)" })
        XCTAssertEqual(pingbacks.counts.sent, 4)
        XCTAssertEqual(pingbacks.counts.failed, 0)
    }

    func testAnItemWithoutLinksIsCountedAndNotSent() async throws {
        let channel = GatedChannel()
        channel.open.withLock { $0 = true }
        let index = UpstreamLinkIndex()
        index.record([links("a"), Item(id: "plain", provider: .giphy, url: "https://giphy.example/plain", attribution: Giphy.attribution)])
        let pingbacks = AnalyticsPingbacks(channel: channel, index: index, lookup: { id, _ in
            id == "kept" ? UpstreamLinks(onclick: "https://pingback.example/click?id=kept") : nil
        })
        pingbacks.record(.click, ids: ["a", "plain", "kept", "unknown"], install: .local)
        await pingbacks.flush(within: .seconds(5))
        XCTAssertEqual(channel.pinged.withLock { $0 }, ["https://pingback.example/click?id=kept"],
                       "a has no click url; the lookup (favorites) answers for what the index lacks")
        XCTAssertEqual(pingbacks.counts.noLinks, 3)
    }

    func testTheIndexIsBounded() {
        let index = UpstreamLinkIndex(capacity: 10)
        index.record((0..<25).map { links("id\($0)") })
        XCTAssertLessThanOrEqual(index.count, 10)
        XCTAssertNotNil(index.links(for: "id24"), "the newest stay")
        XCTAssertNil(index.links(for: "id0"), "the oldest go")
    }
}
