import Foundation
@testable import GifBFFApp
import Model
import KlipyClient
import PexelsClient
import TestSupport
import UnsplashClient
import XCTest

/// A stopped gif-bff has given back every descriptor it opened by the time `shutdown` returns:
/// the server's, the database's, and each provider client's (its libcurl loop's epoll, eventfd
/// and keep-alive connections) and demo fake's. The harnesses stay referenced until the run
/// ends (XCTest keeps each test case and its teardown blocks), as every other test's do: the
/// clients were closed only when freed, so each start left five descriptors open for the run.
final class ShutdownDescriptorTests: XCTestCase {
    func testGifBFFStartedAndStoppedTwentyTimesGivesBackItsDescriptors() async throws {
        try await assertDescriptorsGivenBack("starting gif-bff on the fake GIPHY, a search, stopping") {
            let harness = try APIHarness(self)
            XCTAssertEqual(try harness.get("/search?q=cat").status, 200)
            await harness.stop()
        }
    }

    func testTheDemoStartedAndStoppedTwentyTimesGivesBackItsDescriptors() async throws {
        try await assertDescriptorsGivenBack("starting gif-bff on its demo catalogs, a search of each, stopping") {
            let harness = try APIHarness(self) { configuration in
                configuration.giphyAPIKey = nil
                configuration.unsplashAccessKey = nil
            }
            XCTAssertEqual(harness.app.demoProviders, [.giphy, .klipy, .pexels, .unsplash])
            XCTAssertEqual(try harness.get("/search?q=cat").status, 200)
            XCTAssertEqual(try harness.get("/search?q=mountain&provider=unsplash").status, 200)
            await harness.stop()
        }
    }
}
