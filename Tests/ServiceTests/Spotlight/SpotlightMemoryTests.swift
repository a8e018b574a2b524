import Gateway
import Model
import Foundation
@testable import Service
import Synchronization
import TestSupport
import XCTest

/// Spotlight tags come from requests: the picks kept in memory are bounded, whatever is asked.
final class SpotlightMemoryTests: XCTestCase {
    final class InstantRandom: Provider {
        let calls = Mutex(0)
        func search(_ request: SearchRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
            makeItem("pick\(calls.withLock { $0 += 1; return $0 })")
        }
    }

    func testPicksInMemoryAreBoundedWhateverTagsAreAsked() async throws {
        let service = SpotlightService(gateway: UpstreamGateway(provider: InstantRandom(), store: nil),
                                       store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g)
        let asked = SpotlightService.rememberedPicks + 50
        for number in 0..<asked {
            _ = try await service.current(tag: "tag\(number)")
        }
        let kept = await service.rememberedPickCount
        XCTAssertEqual(kept, SpotlightService.rememberedPicks)
        // The newest pick is still the one answered, without a new upstream call.
        let last = try await service.current(tag: "tag\(asked - 1)")
        XCTAssertFalse(last.pickedNow)
    }
}
