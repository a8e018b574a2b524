import Foundation
import Service
import TestSupport
import UnsplashClient
import XCTest

/// As GIPHY's client (ClientShutdownTests): `shutdown` gives back the client's descriptors before
/// it returns, and a call after it is `unavailable`.
final class UnsplashShutdownTests: XCTestCase {
    private var harness: UnsplashHarness!

    override func setUp() async throws { harness = try UnsplashHarness() }
    override func tearDown() async throws { await harness.stop() }

    func testAClientUsedAndShutDownTwentyTimesGivesBackItsDescriptors() async throws {
        try await assertDescriptorsGivenBack("a client making a call and shut down") {
            // The harness keeps every client it made until the test ends, as the app keeps its own.
            let client = harness.client()
            let page = try await client.search(SearchRequest(query: "mountain", offset: 0, limit: 5))
            XCTAssertFalse(page.items.isEmpty)
            await client.shutdown()
        }
    }

    func testACallAfterShutdownIsUnavailable() async throws {
        let client = harness.client()
        await client.shutdown()
        let error = await upstreamError { try await client.search(SearchRequest(query: "mountain", offset: 0, limit: 5)) }
        guard case .unavailable? = error else { return XCTFail("got \(String(describing: error))") }
    }
}
