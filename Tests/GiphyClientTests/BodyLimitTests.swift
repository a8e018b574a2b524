import FakeGiphy
import Foundation
import Service
import Model
@testable import GiphyClient
import TestSupport
import XCTest

/// An upstream body larger than the client allows is cut off as it arrives, not buffered.
final class BodyLimitTests: XCTestCase {
    func testABodyOverTheLimitIsABadResponse() async throws {
        let harness = try ClientHarness()
        let request = SearchRequest(query: "cats", offset: 0, limit: 50)
        let page = try await harness.client().search(request)
        XCTAssertFalse(page.items.isEmpty, "the default limit takes a full page")
        let error = await upstreamError { try await harness.client(maxBodyBytes: 65_536).search(request) }
        guard case .badResponse(let reason)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("65536"), reason)
        // The client is still usable afterwards.
        let again = try await harness.client(maxBodyBytes: 65_536).item(id: page.items[0].id)
        XCTAssertEqual(again.id, page.items[0].id)
        await harness.stop()
    }
}
