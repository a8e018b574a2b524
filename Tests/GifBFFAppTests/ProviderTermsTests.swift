import FakeGiphy
import FakeKlipy
import FakePexels
import FakeUnsplash
import FakeUpstream
import GiphyCatalog
import Foundation
@testable import GifBFFApp
import Service
import TestSupport
import XCTest

/// Issue 46 items 6 and 7 through the real server and the fakes' call logs: what GIPHY's and
/// Unsplash's terms ask of a server in the middle (the query exactly as typed, GIPHY's
/// `country_code` from GIF_BFF_COUNTRY_CODE), and GIPHY asked only for the fields gif-bff reads.
final class ProviderTermsTests: XCTestCase {
    static let photoKey = "SECRET-unsplash-key-7a3c11"
    static let klipyKey = "SECRET-klipy-key-terms-81"
    static let pexelsKey = "SECRET-pexels-key-terms-82"

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    private func lastCall(_ fake: FakeGiphy, _ path: String) throws -> RecordedCall {
        try XCTUnwrap(fake.recordedCalls.last { $0.path == path }, "no call to \(path): \(fake.recordedCalls.map(\.path))")
    }

    /// Case, inner runs of spaces, punctuation, "+" and "&", accents and emoji reach GIPHY, KLIPY,
    /// Unsplash and Pexels as typed; only White_Space at either end is dropped (SearchWords).
    func testTheQueryReachesEachProviderExactlyAsTyped() async throws {
        let photos = FakeUnsplash(accessKey: Self.photoKey, hourlyLimit: 1_000)
        let photosURL = try photos.start()
        addTeardownBlock { await photos.stop() }
        let klipy = FakeKlipy(apiKey: Self.klipyKey)
        let klipyURL = try klipy.start()
        addTeardownBlock { await klipy.stop() }
        let pexels = FakePexels(apiKey: Self.pexelsKey)
        let pexelsURL = try pexels.start()
        addTeardownBlock { await pexels.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.unsplashAccessKey = Self.photoKey
            configuration.unsplashBaseURL = photosURL.absoluteString
            configuration.klipyAPIKey = Self.klipyKey
            configuration.klipyBaseURL = klipyURL.absoluteString
            configuration.pexelsAPIKey = Self.pexelsKey
            configuration.pexelsBaseURL = pexelsURL.absoluteString
        }
        let typed = ["Süße  KATZEN", "thumbs up & more+1", "C'est  l'été!", "dog 🐶 100%", "ÇA-va?", "a\u{00A0}b"]
        for query in typed {
            let gifs = try api.get("/search?q=\(encoded(query))")
            XCTAssertEqual(gifs.status, 200, "\(query): \(gifs.text)")
            XCTAssertEqual(try lastCall(api.fake, "/v1/gifs/search").value(of: "q"), query, "GIPHY got it altered")
            let pictures = try api.get("/search?provider=unsplash&q=\(encoded(query))")
            XCTAssertEqual(pictures.status, 200, "\(query): \(pictures.text)")
            let sent = try XCTUnwrap(photos.recordedCalls.last { $0.path == "/search/photos" })
            XCTAssertEqual(sent.value(of: "query"), query, "Unsplash got it altered")
            XCTAssertEqual(try api.get("/search?provider=klipy&q=\(encoded(query))").status, 200, query)
            let toKlipy = try XCTUnwrap(klipy.recordedCalls.last { $0.path.hasSuffix("/gifs/search") })
            XCTAssertEqual(toKlipy.value(of: "q"), query, "KLIPY got it altered")
            XCTAssertEqual(try api.get("/search?provider=pexels&q=\(encoded(query))").status, 200, query)
            let toPexels = try XCTUnwrap(pexels.recordedCalls.last { $0.path == "/v1/search" })
            XCTAssertEqual(toPexels.value(of: "query"), query, "Pexels got it altered")
        }
        XCTAssertEqual(try api.get("/search?q=\(encoded("  Tabby Cat \u{3000}"))").status, 200)
        XCTAssertEqual(try lastCall(api.fake, "/v1/gifs/search").value(of: "q"), "Tabby Cat", "only the ends are trimmed")
    }

    /// GIPHY asks for the users' country when its API is called through a proxy:
    /// GIF_BFF_COUNTRY_CODE goes out as `country_code` on search and trending, upper case.
    func testTheCountryCodeSettingIsSentToGIPHYOnSearchAndTrending() async throws {
        let api = try APIHarness(self) { configuration in configuration.giphyCountryCode = "DE" }
        XCTAssertEqual(try api.get("/search?q=cat").status, 200)
        XCTAssertEqual(try lastCall(api.fake, "/v1/gifs/search").value(of: "country_code"), "DE")
        XCTAssertEqual(try api.get("/trending").status, 200)
        XCTAssertEqual(try lastCall(api.fake, "/v1/gifs/trending").value(of: "country_code"), "DE")
    }

    func testWithoutTheSettingNoCountryCodeIsSent() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.get("/search?q=cat").status, 200)
        XCTAssertNil(try lastCall(api.fake, "/v1/gifs/search").value(of: "country_code"))
    }

    func testACountryCodeIsTwoLettersOrNone() throws {
        let (read, _) = try ConfigurationLoader.load(arguments: ["--country-code", "us"], environment: [:])
        XCTAssertEqual(read.giphyCountryCode, "US")
        let (none, _) = try ConfigurationLoader.load(arguments: [], environment: ["GIF_BFF_COUNTRY_CODE": "none"])
        XCTAssertNil(none.giphyCountryCode)
        for bad in ["USA", "u", "1A", "Ü1", "de,fr"] {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [], environment: ["GIF_BFF_COUNTRY_CODE": bad]), bad) { error in
                XCTAssertTrue("\(error)".contains("GIF_BFF_COUNTRY_CODE"), "\(error)")
            }
        }
    }

    /// Issue 46 item 7: search and trending ask GIPHY for the fields gif-bff reads (`fields`,
    /// beside `bundle`), and the answer still has all it had: alt text, the user, the renditions,
    /// the pingback links behind POST /gif/{id}/events.
    func testGIPHYIsAskedOnlyForTheFieldsServedAndTheAnswerKeepsThem() async throws {
        let api = try APIHarness(self)
        let page = try api.get("/search?q=cat&limit=25")
        XCTAssertEqual(page.status, 200, page.text)
        let fields = try XCTUnwrap(try lastCall(api.fake, "/v1/gifs/search").value(of: "fields"), "search sent no fields")
        let named = Set(fields.split(separator: ",").map(String.init))
        XCTAssertTrue(named.isSuperset(of: ["id", "url", "title", "alt_text", "images.original", "images.fixed_width", "analytics"]), fields)
        XCTAssertFalse(named.contains("images"), "every rendition asked for: \(fields)")
        XCTAssertEqual(try api.get("/trending").status, 200)
        XCTAssertEqual(try lastCall(api.fake, "/v1/gifs/trending").value(of: "fields"), fields)

        let items = try XCTUnwrap(page.json?["data"] as? [[String: Any]], page.text)
        XCTAssertEqual(items.count, 25)
        for item in items {
            let id = try XCTUnwrap(item["id"] as? String)
            let gif = try XCTUnwrap(api.fake.catalog.gif(id: id), id)
            XCTAssertEqual(item["alt_text"] as? String, gif.altText, id)
            XCTAssertEqual(item["title"] as? String, gif.title, id)
            XCTAssertEqual((item["user"] as? [String: Any])?["username"] as? String, gif.user?.username, id)
            let images = try XCTUnwrap(item["images"] as? [String: Any], id)
            XCTAssertNotNil(images["original"], id)
            XCTAssertNotNil(images["fixed_width"], id)
        }
        let first = try XCTUnwrap(items.first?["id"] as? String)
        let event = try api.send("POST", "/gif/\(first)/events", json: #"{"action":"click"}"#)
        XCTAssertEqual(event.status, 202, event.text)
        await api.app.analytics.flush(within: .seconds(5))
        XCTAssertEqual(api.fake.pingbacks.count(action: "CLICK"), 1, "the pingback link was read from the fields asked")
    }
}
