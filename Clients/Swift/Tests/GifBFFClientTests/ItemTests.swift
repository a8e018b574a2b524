import Foundation
import GifBFFClient
import XCTest

/// The wrapper's `Item` as an app developer reads it: one type for a GIF or a photo, photo facts
/// under their names, links that load, and the renditions a cell or a detail screen picks.
final class ItemTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data
    private let headers = ["Content-Type": "application/json", "ETag": #""i1""#, "X-Cache": "MISS", "Cache-Control": "max-age=30"]

    private let photo = #"""
    {"id":"unsplash:HcJhYXP9s6O","provider":"unsplash","title":"a snowy mountain","alt_text":"a snowy mountain at sunrise",
     "url":"https://unsplash.com/photos/HcJhYXP9s6O","share_text":"a snowy mountain by Zoë Kraus on Unsplash https://unsplash.com/photos/HcJhYXP9s6O",
     "user":{"display_name":"Zoë Kraus","username":"zoe_k","avatar_url":"https://images.unsplash.com/profile-zoe_k","profile_url":"https://unsplash.com/@zoe_k"},
     "created_at":"2021-03-23T02:50:11Z","is_favorite":false,"width":3118,"height":2090,"color":"#010aaa",
     "blur_hash":"L,.;H^VohY1a[%3v-;ECxd4w+a{+","likes":1859,
     "location":{"name":"Zermatt, Switzerland","city":"Zermatt","country":"Switzerland"},
     "camera":{"make":"Canon","model":"Canon EOS R5","exposure_time":"1/250","aperture":"2.8","focal_length":"50.0","iso":100},
     "attribution":{"text":"Photo by Zoë Kraus on Unsplash","author_url":"https://unsplash.com/@zoe_k?utm_source=app&utm_medium=referral","provider_url":"https://unsplash.com/?utm_source=app&utm_medium=referral"},
     "images":{"thumb":{"url":"https://images.unsplash.com/photo?w=200","width":200,"height":134},
               "small":{"url":"https://images.unsplash.com/photo?w=400","width":400,"height":268},
               "regular":{"url":"https://images.unsplash.com/photo?w=1080","width":1080,"height":724},
               "full":{"url":"https://images.unsplash.com/photo?q=85","width":3118,"height":2090},
               "raw":{"url":"javascript:alert(1)","width":3118,"height":2090}}}
    """#

    private func fetch(_ body: String) async throws -> Item {
        try await GifBFF(baseURL: baseURL, transport: CannedTransport([.init(status: 200, headers: headers, body: body)])).item(id: "x")
    }

    func testAPhotosFactsHaveTheirNames() async throws {
        let item = try await fetch(photo)
        XCTAssertEqual(item.provider, .unsplash)
        XCTAssertFalse(item.isAnimated)
        XCTAssertEqual(item.altText, "a snowy mountain at sunrise")
        XCTAssertEqual(item.accessibilityLabel, "a snowy mountain at sunrise")
        XCTAssertEqual(item.likes, 1859)
        XCTAssertEqual(item.location?.displayName, "Zermatt, Switzerland")
        XCTAssertEqual(item.camera?.displayName, "Canon EOS R5", "the model already names the make")
        XCTAssertEqual(item.camera?.iso, 100)
        XCTAssertEqual(item.camera?.exposureTime, "1/250")
        XCTAssertEqual(item.color, "#010aaa")
        XCTAssertEqual(item.blurHash, "L,.;H^VohY1a[%3v-;ECxd4w+a{+")
        XCTAssertEqual(item.author?.name, "Zoë Kraus")
        XCTAssertEqual(item.author?.profileURL?.absoluteString, "https://unsplash.com/@zoe_k")
        XCTAssertEqual(item.attribution?.text, "Photo by Zoë Kraus on Unsplash")
        XCTAssertEqual(item.attribution?.authorURL?.query, "utm_source=app&utm_medium=referral")
        XCTAssertEqual(item.attribution?.providerURL?.host, "unsplash.com")
        XCTAssertEqual(item.createdAt, Date(timeIntervalSince1970: 1_616_467_811))
        XCTAssertEqual(item.aspectRatio ?? 0, 3118.0 / 2090.0, accuracy: 0.0001)
        XCTAssertFalse(item.isStale)
    }

    func testRenditionsForACellADetailAndAnyColumnWidth() async throws {
        let item = try await fetch(photo)
        XCTAssertNil(item.renditions["raw"], "a link that is not http(s) is not an image to load")
        XCTAssertEqual(item.thumbnail?.name, "small")
        XCTAssertEqual(item.detailImage?.name, "regular")
        XCTAssertEqual(item.fullSize?.name, "full")
        XCTAssertEqual(item.rendition(atLeast: 300)?.name, "small")
        XCTAssertEqual(item.rendition(atLeast: 401)?.name, "regular")
        XCTAssertEqual(item.rendition(atLeast: 10_000)?.name, "full", "the widest when none is wide enough")
        XCTAssertEqual(item.rendition(atLeast: 1, still: true)?.name, nil, "photos have no still renditions by that name")
    }

    func testAGIFAndAPhotoAreOneTypeAndAnOldAnswerIsGIPHYs() async throws {
        let gif = #"{"id":"a1","url":"https://giphy.com/gifs/a1","share_text":"s","username":"mo","images":{"fixed_width":{"url":"https://media0.giphy.com/a.gif","width":200,"height":100,"mp4":"https://media0.giphy.com/a.mp4"},"still":{"url":"https://media0.giphy.com/a_s.gif","width":200,"height":100}}}"#
        let item = try await fetch(gif)
        XCTAssertEqual(item.provider, .giphy, "an answer naming no provider is GIPHY's (servers before photos)")
        XCTAssertTrue(item.isAnimated)
        XCTAssertEqual(item.attribution?.text, "Powered by GIPHY")
        XCTAssertEqual(item.author?.name, "mo")
        XCTAssertEqual(item.thumbnail?.mp4URL?.absoluteString, "https://media0.giphy.com/a.mp4")
        XCTAssertEqual(item.rendition(atLeast: 1, still: true)?.name, "still")
        XCTAssertNil(item.likes)
        XCTAssertNil(item.color)
        let items: [Item] = [item, try await fetch(photo)]
        XCTAssertEqual(items.map(\.provider), [.giphy, .unsplash])
    }

    func testAProviderThisClientDoesNotKnowIsKeptAndGetsNoInventedAttribution() async throws {
        let item = try await fetch(#"{"id":"tenor:1","provider":"tenor","url":"https://tenor.com/1","share_text":"s","location":{},"title":""}"#)
        XCTAssertEqual(item.provider.rawValue, "tenor")
        XCTAssertNil(item.attribution)
        XCTAssertNil(item.title, "an empty text is a value we do not have")
        XCTAssertNil(item.location?.displayName)
    }

    func testADownloadIsTheFileToSave() async throws {
        let body = #"{"id":"unsplash:HcJhYXP9s6O","url":"https://images.unsplash.com/photo?q=85","width":3118,"height":2090}"#
        let transport = CannedTransport([.init(status: 200, headers: ["Content-Type": "application/json"], body: body)])
        let file = try await GifBFF(baseURL: baseURL, transport: transport).download(id: "unsplash:HcJhYXP9s6O")
        XCTAssertEqual(file.url.absoluteString, "https://images.unsplash.com/photo?q=85")
        XCTAssertEqual(file.width, 3118)
        let sent = transport.requests.withLock { $0.map { "\($0.method) \($0.path ?? "")" } }
        // The generated client escapes the colon; gif-bff decodes path segments (the smoke test's calls show it).
        XCTAssertEqual(sent, ["POST /items/unsplash%3AHcJhYXP9s6O/download"])
    }

    func testTheProviderAndOrderGoOutAsParameters() async throws {
        let page = #"{"data":[],"pagination":{"offset":30,"count":0,"next_offset":null},"stale":true}"#
        let transport = CannedTransport([.init(status: 200, headers: headers, body: page)])
        let answer = try await GifBFF(baseURL: baseURL, transport: transport)
            .search("mountain", provider: .unsplash, offset: 30, limit: 30, orderBy: .latest)
        XCTAssertTrue(answer.isStale)
        XCTAssertNil(answer.nextOffset)
        let path = transport.requests.withLock { $0.first?.path ?? "" }
        for part in ["q=mountain", "provider=unsplash", "offset=30", "limit=30", "order_by=latest"] {
            XCTAssertTrue(path.contains(part), "\(part) not in \(path)")
        }
    }
}
