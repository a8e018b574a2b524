import API
import FakeGiphy
import FakeUnsplash
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import GiphyCatalog
import TestSupport
import XCTest

/// Issue 44.3: every upstream call is charged to the client whose request caused it, whatever the
/// route (saving an item, the spotlight, adding a favorite, autocomplete, trending terms, Unsplash's
/// download tracking), and the upstream's "not found" is remembered, so asking again costs
/// nothing. Over HTTP against the fake GIPHY (and Unsplash), behind a trusted proxy (loopback)
/// naming each client in X-Forwarded-For.
final class UpstreamChargeTests: XCTestCase {
    private let greedy = "203.0.113.7", other = "198.51.100.9"

    /// A budget of 20 GIPHY calls an hour: 10% is 2 calls per client.
    private func sharedBudget(_ configure: (inout Configuration) -> Void = { _ in }) throws -> APIHarness {
        let loopback = try TrustedProxies(parsing: "127.0.0.1")
        return try APIHarness(self) { configuration in
            configuration.trustedProxies = loopback
            configuration.gateway.callsPerHour = 20
            configuration.upstreamSharePercent = 10
            configure(&configuration)
        }
    }

    private func send(_ api: APIHarness, _ method: String, _ target: String, from address: String, json: String? = nil) throws -> RawClient.Response {
        try api.send(method, target, json: json, headers: ["X-Forwarded-For: \(address)"])
    }

    /// Spends `address`'s share with two new searches; a third is refused.
    private func spendShare(_ api: APIHarness, from address: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for words in ["cats", "dogs"] {
            XCTAssertEqual(try send(api, "GET", "/search?q=\(words)&limit=2", from: address).status, 200, words, file: file, line: line)
        }
        assertShareSpent(try send(api, "GET", "/search?q=birds&limit=2", from: address), file: file, line: line)
    }

    private func assertShareSpent(_ answer: RawClient.Response, file: StaticString = #filePath, line: UInt = #line) {
        assertProblem(answer, 429, "upstream_share_spent", file: file, line: line)
        XCTAssertNotNil(answer.header("Retry-After"), file: file, line: line)
    }

    private func gifPath(_ id: String) -> String { "/v1/gifs/\(id)" }

    // MARK: - Saving an item

    func testSavingUnknownItemsIsChargedAndTheSameUnknownIDCostsOneCall() throws {
        let api = try sharedBudget()
        let unknown = "NoSuchGif0001"
        for _ in 0..<12 {
            assertProblem(try send(api, "POST", "/items/\(unknown)/download", from: greedy), 404, "gif_not_found")
        }
        XCTAssertEqual(api.fake.callCount(path: gifPath(unknown)), 1, "a 404 is remembered: the same unknown id 12 times is one call")
        assertProblem(try send(api, "POST", "/items/NoSuchGif0002/download", from: greedy), 404, "gif_not_found")
        XCTAssertEqual(api.fake.callCount(path: gifPath("NoSuchGif0002")), 1)

        // Two calls: its share. The next unknown id, and a new search, are refused without a call.
        assertShareSpent(try send(api, "POST", "/items/NoSuchGif0003/download", from: greedy))
        XCTAssertEqual(api.fake.callCount(path: gifPath("NoSuchGif0003")), 0, "refused before the call")
        assertShareSpent(try send(api, "GET", "/search?q=cats&limit=2", from: greedy))
        assertProblem(try send(api, "POST", "/items/NoSuchGif0003/download", from: other), 404, "gif_not_found")
        XCTAssertEqual(api.fake.callCount(path: gifPath("NoSuchGif0003")), 1, "another client's call is its own")
    }

    func testSavingAfterTheShareIsSpentIsRefused() throws {
        let api = try sharedBudget()
        try spendShare(api, from: greedy)
        let before = api.fake.callCount()
        for index in 0..<12 {
            assertShareSpent(try send(api, "POST", "/items/NoSuchGif\(index)/download", from: greedy))
        }
        XCTAssertEqual(api.fake.callCount(), before, "no call after its 429")
        let known = try XCTUnwrap(api.fake.catalog.gifs.first?.id)
        XCTAssertEqual(try send(api, "POST", "/items/\(known)/download", from: other).status, 200)
    }

    /// The memory of a 404 is per id, lasts `GatewaySettings.notFoundSeconds`, and is not a
    /// share: another client asking for the same unknown id costs nothing either.
    func testANotFoundIsRememberedForEveryClientForAWhile() async throws {
        let api = try sharedBudget { $0.gateway.notFoundSeconds = 1 }
        let unknown = "NoSuchGifAtAll"
        assertProblem(try send(api, "GET", "/items/\(unknown)", from: greedy), 404, "gif_not_found")
        assertProblem(try send(api, "GET", "/gif/\(unknown)", from: other), 404, "gif_not_found")
        assertProblem(try send(api, "POST", "/favorites", from: other, json: #"{"id":"\#(unknown)"}"#), 404, "gif_not_found")
        XCTAssertEqual(api.fake.callCount(path: gifPath(unknown)), 1)
        try await Task.sleep(for: .milliseconds(1_100))
        assertProblem(try send(api, "GET", "/items/\(unknown)", from: other), 404, "gif_not_found")
        XCTAssertEqual(api.fake.callCount(path: gifPath(unknown)), 2, "asked again once the memory is over")
    }

    // MARK: - The spotlight

    func testEachSpotlightTagIsChargedToTheClient() throws {
        let api = try sharedBudget()
        let randomPath = "/v1/gifs/random"
        for tag in ["cat", "dog"] {
            let answer = try send(api, "GET", "/spotlight?tag=\(tag)", from: greedy)
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.header("X-Cache"), "MISS")
        }
        assertShareSpent(try send(api, "GET", "/spotlight?tag=happy", from: greedy))
        XCTAssertEqual(api.fake.callCount(path: randomPath), 2, "the refused pick made no call")
        assertShareSpent(try send(api, "GET", "/search?q=birds&limit=2", from: greedy))
        XCTAssertEqual(try send(api, "GET", "/spotlight?tag=cat", from: greedy).header("X-Cache"), "HIT", "a current pick costs nothing")

        let picked = try send(api, "GET", "/spotlight?tag=happy", from: other)
        XCTAssertEqual(picked.status, 200, "another client's pick: \(picked.text)")
        XCTAssertEqual(api.fake.callCount(path: randomPath), 3)
    }

    func testASpotlightTagWithNothingIsRemembered() throws {
        let api = try sharedBudget()
        for _ in 0..<5 {
            assertProblem(try send(api, "GET", "/spotlight?tag=zzqxv", from: greedy), 404, "gif_not_found")
        }
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/random"), 1, "nothing for the tag is remembered")
    }

    // MARK: - Favorites

    func testAddingFavoritesIsChargedToTheClient() throws {
        let api = try sharedBudget()
        let ids = api.fake.catalog.gifs.prefix(2).map(\.id)
        XCTAssertEqual(try send(api, "POST", "/favorites", from: greedy, json: #"{"id":"\#(ids[0])"}"#).status, 201)
        for _ in 0..<12 {
            assertProblem(try send(api, "POST", "/favorites", from: greedy, json: #"{"id":"NoSuchGif0001"}"#), 404, "gif_not_found")
        }
        XCTAssertEqual(api.fake.callCount(path: gifPath("NoSuchGif0001")), 1, "the same unknown id is one call")
        assertShareSpent(try send(api, "POST", "/favorites", from: greedy, json: #"{"id":"\#(ids[1])"}"#))
        XCTAssertEqual(api.fake.callCount(path: gifPath(ids[1])), 0, "refused before the call")
        assertShareSpent(try send(api, "GET", "/search?q=birds&limit=2", from: greedy))
        XCTAssertEqual(try send(api, "POST", "/favorites", from: greedy, json: #"{"id":"\#(ids[0])"}"#).status, 200,
                       "a favorite it has costs nothing")
        XCTAssertEqual(try send(api, "POST", "/favorites", from: other, json: #"{"id":"\#(ids[1])"}"#).status, 201)
    }

    // MARK: - Autocomplete and trending terms

    func testTrendingTermsAndAutocompleteAreChargedToTheClient() throws {
        let api = try sharedBudget()
        try spendShare(api, from: greedy)
        assertShareSpent(try send(api, "GET", "/trending/searches", from: greedy))
        XCTAssertEqual(api.fake.callCount(path: "/v1/trending/searches"), 0)
        let typed = try send(api, "GET", "/search/suggestions?q=ca", from: greedy)
        XCTAssertEqual(typed.status, 200, "autocomplete past the share: the history alone")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search/tags"), 0)

        XCTAssertEqual(try send(api, "GET", "/trending/searches", from: other).status, 200)
        XCTAssertEqual(try send(api, "GET", "/search/suggestions?q=ca", from: other).status, 200)
        XCTAssertEqual(api.fake.callCount(path: "/v1/trending/searches"), 1)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search/tags"), 1)
        XCTAssertEqual(try send(api, "GET", "/trending/searches", from: greedy).status, 200, "cached: costs nothing")
    }

    // MARK: - Unsplash's download tracking

    /// A budget of 30 Unsplash calls: 3 per client. The tracking call Unsplash's terms ask for is
    /// the client's: past its share, the save is refused (the file is not given untracked).
    func testUnsplashDownloadTrackingIsChargedToTheClient() async throws {
        let photos = FakeUnsplash(accessKey: TwoProvidersTests.photoKey, hourlyLimit: 1_000)
        let photosURL = try photos.start()
        addTeardownBlock { await photos.stop() }
        let api = try sharedBudget { configuration in
            configuration.unsplashAccessKey = TwoProvidersTests.photoKey
            configuration.unsplashBaseURL = photosURL.absoluteString
            configuration.unsplashCallsPerHour = 30
        }
        let found = try send(api, "GET", "/search?q=cat&provider=unsplash&limit=1", from: greedy)
        let photoID = try XCTUnwrap(found.itemIDs.first, found.text)
        let upstreamID = String(photoID.dropFirst("unsplash:".count))
        XCTAssertEqual(try send(api, "POST", "/items/\(photoID)/download", from: greedy).status, 200, "the photo, then its tracking: 3 calls")
        XCTAssertEqual(photos.downloadCount(id: upstreamID), 1)
        assertShareSpent(try send(api, "POST", "/items/\(photoID)/download", from: greedy))
        XCTAssertEqual(photos.downloadCount(id: upstreamID), 1, "no tracking call past the share")
        XCTAssertEqual(try send(api, "POST", "/items/\(photoID)/download", from: other).status, 200)
        XCTAssertEqual(photos.downloadCount(id: upstreamID), 2)
    }
}
