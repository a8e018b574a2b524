import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import Service
import Model
import GiphyClient
import XCTest

/// Search, trending, get by id(s) and random against the fake, and the mapping into our GIF.
final class ClientSuccessTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    private var catalog: GIFCatalog { harness.fake.catalog }

    func testSearchReturnsThePageTheFakeServes() async throws {
        let page = try await harness.client().search(SearchRequest(query: "cats", offset: 0, limit: 5))
        let expected = catalog.search("cats")
        XCTAssertEqual(page.items.map(\.id), expected.prefix(5).map(\.id))
        XCTAssertEqual(page.count, 5)
        XCTAssertEqual(page.offset, 0)
        XCTAssertEqual(page.totalCount, expected.count)
    }

    func testGIFFieldsAndRenditionsAreMappedFromStringNumbers() async throws {
        let source = try XCTUnwrap(catalog.gifs.first { $0.user != nil && !$0.username.isEmpty && $0.createDatetime != nil
            && $0.rendition("fixed_width_small") != nil && $0.rendition("downsized") != nil })
        let item = try await harness.client().item(id: source.id)
        XCTAssertEqual(item.id, source.id)
        XCTAssertEqual(item.title, source.title)
        XCTAssertEqual(item.rating, source.rating)
        XCTAssertEqual(item.url, source.pageURL)
        XCTAssertEqual(item.shareURL, source.bitlyURL)
        XCTAssertEqual(item.username, source.username)
        XCTAssertEqual(item.user?.displayName, source.user?.displayName)
        XCTAssertEqual(item.user?.profileURL, source.user?.profileURL)
        XCTAssertEqual(item.user?.avatarURL, source.user?.avatarURL)
        XCTAssertNotNil(item.createdAt)
        XCTAssertEqual(Set(item.images.names), ["preview", "still", "fixed_width", "fixed_height", "original", "original_still", "downsized"])
        let pairs = [("preview", "fixed_width_small"), ("still", "fixed_width_still"), ("fixed_width", "fixed_width"),
                     ("fixed_height", "fixed_height"), ("original", "original"), ("original_still", "original_still"),
                     ("downsized", "downsized")]
        for (ours, theirs) in pairs {
            let rendition = try XCTUnwrap(item.images[ours], ours)
            let giphy = try XCTUnwrap(source.rendition(theirs))
            XCTAssertEqual(rendition.url, giphy.url, "media URLs pass unchanged, query included")
            XCTAssertEqual(rendition.width, giphy.width)
            XCTAssertEqual(rendition.height, giphy.height)
            XCTAssertEqual(rendition.size, giphy.size)
            XCTAssertEqual(rendition.mp4, giphy.mp4)
            XCTAssertEqual(rendition.webp, giphy.webp)
        }
        let original = try XCTUnwrap(item.images["original"]?.url)
        for parameter in ["cid=", "ep=", "rid=", "ct="] { XCTAssertTrue(original.contains(parameter), parameter) }
    }

    func testCreatedAtComesFromCreateDatetimeInUTC() async throws {
        let source = try XCTUnwrap(catalog.gifs.first { $0.createDatetime != nil })
        let item = try await harness.client().item(id: source.id)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        XCTAssertEqual(item.createdAt, formatter.date(from: try XCTUnwrap(source.createDatetime)))
    }

    func testTheEmptyURLRenditionIsAbsentAndTheNextSourceIsUsed() async throws {
        let source = try XCTUnwrap(catalog.gif(id: catalog.specimens.emptyURLRendition))
        XCTAssertEqual(source.rendition("fixed_width_still")?.url, "")
        let item = try await harness.client().item(id: source.id)
        XCTAssertEqual(item.images["still"]?.url, source.rendition("fixed_height_still")?.url)
        XCTAssertFalse(item.images.values.contains { $0.url.isEmpty })
    }

    func testAMissingRenditionFallsBackOrIsAbsent() async throws {
        let withoutSmall = try XCTUnwrap(catalog.gif(id: catalog.specimens.missingFixedWidthSmall))
        let item = try await harness.client().item(id: withoutSmall.id)
        XCTAssertEqual(item.images["preview"]?.url, withoutSmall.rendition("preview_gif")?.url)

        let bare = try await harness.client().item(id: catalog.specimens.onlyOriginals)
        XCTAssertEqual(Set(bare.images.names), ["original", "original_still"])
    }

    func testUsersAndUsernames() async throws {
        let client = harness.client()
        let anonymous = try await client.item(id: catalog.specimens.withoutUser)
        XCTAssertNil(anonymous.user)
        XCTAssertNil(anonymous.username, "an empty username is no username")

        let source = try XCTUnwrap(catalog.gif(id: catalog.specimens.userWithEmptyUsername))
        let named = try await client.item(id: source.id)
        XCTAssertEqual(named.username, source.user?.username, "falls back to the user's own username")
    }

    func testNoDateValuesGiveNoCreatedAt() async throws {
        let client = harness.client()
        let zero = try await client.item(id: catalog.specimens.zeroDate)
        XCTAssertNil(zero.createdAt)
        let epoch = try await client.item(id: catalog.specimens.epochDate)
        XCTAssertNil(epoch.createdAt)
    }

    func testSearchSendsEveryParameterEscapedAndTheKeyExactlyOnce() async throws {
        let client = harness.client(countryCode: "de")
        let query = "thumbs up & more+1"
        _ = try await client.search(SearchRequest(query: query, offset: 3, limit: 7, rating: "pg", lang: "en"))
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/v1/gifs/search")
        XCTAssertEqual(call.value(of: "q"), query)
        XCTAssertEqual(call.value(of: "limit"), "7")
        XCTAssertEqual(call.value(of: "offset"), "3")
        XCTAssertEqual(call.value(of: "rating"), "pg")
        XCTAssertEqual(call.value(of: "lang"), "en")
        XCTAssertEqual(call.value(of: "country_code"), "de")
        XCTAssertEqual(call.values(of: "api_key"), [secretKey])
    }

    func testTrendingPagesByItemOffset() async throws {
        let page = try await harness.client().trending(TrendingRequest(offset: 25, limit: 25, rating: "g"))
        let expected = catalog.trending(rating: RatingFilter(parameter: "g") ?? .all)
        XCTAssertEqual(page.items.map(\.id), expected[25..<50].map(\.id))
        XCTAssertEqual(page.offset, 25)
        XCTAssertEqual(page.totalCount, expected.count)
        XCTAssertTrue(page.items.allSatisfy { $0.rating == "g" })
        XCTAssertEqual(harness.fake.callCount(path: "/v1/gifs/trending"), 1)
    }

    func testRandomReturnsOneGIFForTheTag() async throws {
        let item = try await harness.client().random(tag: "dogs", rating: "g")
        let pool = catalog.randomPool(tag: "dogs", rating: RatingFilter(parameter: "g") ?? .all)
        XCTAssertTrue(pool.contains { $0.id == item.id })
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "tag"), "dogs")
    }

    func testNumbersAsNumbersMissingPaginationAndOddImagesAreTolerated() async throws {
        let media = "https://media1.giphy.com/media/x/200w.gif?cid=1&ep=v1_gifs_search&rid=200w.gif&ct=g"
        let objects = [
            #"{"id":"n1","url":"https://giphy.com/gifs/n1","title":"Numbers","images":{"fixed_width":{"url":"\#(media)","width":200,"height":150.0,"size":1234}}}"#,
            #"{"id":"n2","url":"https://giphy.com/gifs/n2","images":[],"user":[],"import_datetime":"2023-02-30 10:00:00"}"#,
            #"{"url":"https://giphy.com/gifs/no-id"}"#,
            #"{"id":"n3","url":"https://giphy.com/gifs/n3","images":{"original":{"url":"","height":"0"},"fixed_height":{"url":"https://x/200.gif","width":"x"}}}"#,
        ]
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: listBody(objects)))
        let page = try await harness.client().search(SearchRequest(query: "odd", offset: 10, limit: 4))
        XCTAssertEqual(page.items.map(\.id), ["n1", "n2", "n3"], "an item without id is skipped")
        XCTAssertNil(page.totalCount)
        XCTAssertEqual(page.count, 4, "without pagination, the count is the number of items sent")
        XCTAssertEqual(page.offset, 10)
        XCTAssertEqual(page.items[0].images["fixed_width"], Rendition(url: media, width: 200, height: 150, size: 1234))
        XCTAssertEqual(page.items[1].images, [:])
        XCTAssertNil(page.items[1].user)
        XCTAssertNil(page.items[1].createdAt, "an impossible date is no date")
        XCTAssertEqual(page.items[2].images, [:], "an empty url or an unreadable size makes a rendition unusable")
    }

    /// Links end up in a web page's `href` and `src`: one that is not http(s) is left out, and a
    /// GIF without an http(s) page is not shown.
    func testLinksThatAreNotHTTPAreLeftOut() async throws {
        let script = "javascript:alert(1)"
        let objects = [
            #"{"id":"j1","url":"https://giphy.com/gifs/j1","bitly_url":"\#(script)","#
                + #""user":{"username":"ann","avatar_url":"\#(script)","profile_url":"data:text/html,hi"}}"#,
            #"{"id":"j2","url":"\#(script)"}"#,
        ]
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: listBody(objects)))
        let page = try await harness.client().search(SearchRequest(query: "links", offset: 0, limit: 2))
        XCTAssertEqual(page.items.map(\.id), ["j1"])
        XCTAssertNil(page.items.first?.shareURL)
        XCTAssertEqual(page.items.first?.user, Author(username: "ann"))
    }

    func testStringTypedPaginationIsRead() async throws {
        let object = #"{"id":"s1","url":"https://giphy.com/gifs/s1"}"#
        let body = listBody([object], pagination: #"{"total_count":"4321","count":"1","offset":"40"}"#)
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: body))
        let page = try await harness.client().trending(TrendingRequest(offset: 40, limit: 1))
        XCTAssertEqual(page.totalCount, 4321)
        XCTAssertEqual(page.count, 1)
        XCTAssertEqual(page.offset, 40)
    }

    func testRandomAcceptsAOneItemList() async throws {
        let body = listBody([#"{"id":"r1","url":"https://giphy.com/gifs/r1"}"#])
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: body))
        let item = try await harness.client().random(tag: nil, rating: nil)
        XCTAssertEqual(item.id, "r1")
    }
}
