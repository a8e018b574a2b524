import FakeGiphy
import FakeUpstream
import Foundation
import Service
import Model
import GiphyClient
import TestSupport
import XCTest

/// `shutdown` closes the client's keep-alive connections and its transport's thread descriptors
/// (epoll, eventfd, libcurl's own) before it returns, whoever still holds the client: the app
/// stops its clients, and XCTest holds every test's objects until the run ends. A call after it,
/// or one it interrupts, fails as `unavailable` instead of waiting.
final class ClientShutdownTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    func testAClientUsedAndShutDownTwentyTimesGivesBackItsDescriptors() async throws {
        try await assertDescriptorsGivenBack("a client making a call and shut down") {
            // The harness keeps every client it made until the test ends, as the app keeps its own.
            let client = harness.client()
            let page = try await client.trending(TrendingRequest(offset: 0, limit: 5))
            XCTAssertFalse(page.items.isEmpty)
            await client.shutdown()
        }
    }

    func testACallAfterShutdownIsUnavailable() async throws {
        let client = harness.client()
        await client.shutdown()
        await client.shutdown()
        let error = await upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        guard case .unavailable(let reason)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("closed"), reason)
    }

    func testACallInFlightWhenTheClientShutsDownIsUnavailable() async throws {
        harness.fake.inject(.delay(milliseconds: 30_000))
        let client = harness.client(deadline: .seconds(60))
        async let outcome = upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        try await waitUntil("the fake has the call") { harness.fake.callCount() == 1 }
        await client.shutdown()
        let error = await outcome
        guard case .unavailable(let reason)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("closed"), reason)
    }
}
