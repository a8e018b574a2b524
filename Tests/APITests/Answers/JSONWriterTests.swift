import Wire
import JSON
@testable import API
import GiphyClient
import Foundation
import Service
import Model
import XCTest

/// The one JSON writer: GIFs, pages, favorites, spotlights and stale GIFs, to the byte.
final class JSONWriterTests: XCTestCase {
    private func text(_ value: some JSONWritable) -> String { String(decoding: value.jsonBytes(), as: UTF8.self) }

    static let full = Item(
        id: "full", provider: .giphy, title: "Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é", rating: "pg-13", url: "https://giphy.com/gifs/a-b",
        shareURL: "https://gph.is/g/abc", username: "someone",
        user: Author(displayName: "Some One", username: "someone", avatarURL: "https://a/b.png?x=1&y=2", profileURL: "https://p/"),
        createdAt: Date(timeIntervalSince1970: 1_600_000_000), isFavorite: true,
        images: ["still": Rendition(url: "https://m/s.gif", width: 200, height: 112),
                 "original": Rendition(url: "https://m/o.gif?cid=1&ep=x", width: 480, height: 270, size: 12345,
                                       mp4: "https://m/o.mp4", webp: "https://m/o.webp")], attribution: Giphy.attribution)
    static let bare = Item(id: "bare", provider: .giphy, url: "https://giphy.com/gifs/bare", attribution: Giphy.attribution)

    func testAFullGIFHasSortedKeysEscapesAndNoEscapedSlashes() {
        XCTAssertEqual(text(Self.full), #"{"attribution":{"text":"Powered by GIPHY"},"created_at":"2020-09-13T12:26:40Z","id":"full","images":{"#
            + #""original":{"height":270,"mp4":"https://m/o.mp4","size":12345,"url":"https://m/o.gif?cid=1&ep=x","webp":"https://m/o.webp","width":480},"#
            + #""still":{"height":112,"url":"https://m/s.gif","width":200}},"is_favorite":true,"provider":"giphy","rating":"pg-13","#
            + #""share_text":"Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é https://gph.is/g/abc","share_url":"https://gph.is/g/abc","#
            + #""title":"Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é","url":"https://giphy.com/gifs/a-b","#
            + #""user":{"avatar_url":"https://a/b.png?x=1&y=2","display_name":"Some One","profile_url":"https://p/","username":"someone"},"#
            + #""username":"someone"}"#)
    }

    func testFieldsWithoutAValueAreLeftOut() {
        let empties = Item(id: "empties", provider: .giphy, title: "", rating: "", url: "https://u", shareURL: "", username: "",
                          user: Author(displayName: "", username: ""), isFavorite: false,
                          images: ["preview": Rendition(url: "https://p", width: 100, height: 56, size: 0, mp4: "", webp: nil)], attribution: Giphy.attribution)
        XCTAssertEqual(text(empties), #"{"attribution":{"text":"Powered by GIPHY"},"id":"empties","images":{"preview":{"height":56,"url":"https://p","width":100}},"#
            + #""is_favorite":false,"provider":"giphy","share_text":"GIF https://u","url":"https://u"}"#)
        XCTAssertEqual(text(Self.bare), #"{"attribution":{"text":"Powered by GIPHY"},"id":"bare","provider":"giphy","share_text":"GIF https://giphy.com/gifs/bare","url":"https://giphy.com/gifs/bare"}"#)
    }

    func testControlCharactersAreEscaped() {
        let controls = Item(id: "c", provider: .giphy, title: "bell \u{07} null \u{0} cr \r del \u{7F} /", url: "u", attribution: Giphy.attribution)
        // DEL too: JSON allows it raw, but no client (nor a terminal showing a log line) wants it.
        XCTAssertEqual(text(controls), #"{"attribution":{"text":"Powered by GIPHY"},"id":"c","provider":"giphy","share_text":"bell \u0007 null \u0000 cr \r del \u007f / u","#
            + #""title":"bell \u0007 null \u0000 cr \r del \u007f /","url":"u"}"#)
    }

    func testPagesSayNullOnlyForTheLastPagesNextOffset() {
        let last = ItemPage(data: [Self.bare], pagination: Pagination(offset: 48, count: 1, totalCount: 49, nextOffset: nil), stale: true)
        XCTAssertEqual(text(PageJSON(page: last, form: .full)), #"{"data":[{"attribution":{"text":"Powered by GIPHY"},"id":"bare","provider":"giphy","share_text":"GIF https://giphy.com/gifs/bare","url":"https://giphy.com/gifs/bare"}],"#
            + #""pagination":{"count":1,"next_offset":null,"offset":48,"total_count":49},"stale":true}"#)
        let first = ItemPage(data: [], pagination: Pagination(offset: 0, count: 0, totalCount: nil, nextOffset: 24))
        XCTAssertEqual(text(PageJSON(page: first, form: .compact)), #"{"data":[],"pagination":{"count":0,"next_offset":24,"offset":0}}"#)
    }

    /// Links of this server's own (the demo media, kept as paths) are written against the base the
    /// answer gives; every other link as it is; without a base, as kept.
    func testOwnLinksAreWrittenAgainstTheAnswersBase() {
        let item = Item(id: "own", provider: .giphy, url: "https://giphy.com/gifs/own",
                        user: Author(username: "u", avatarURL: "/media/giphy/u/avatar.gif"),
                        images: ["fixed_width": Rendition(url: "/media/giphy/own/fixed_width.gif", width: 200, height: 100),
                                 "original": Rendition(url: "https://media.giphy.com/own.gif", width: 400, height: 200)])
        let form = ItemForm.full.linked(to: "http://192.168.1.20:8080")
        let written = text(StaleMarkedItem(item: item, stale: false, form: form))
        XCTAssertTrue(written.contains(#""url":"http://192.168.1.20:8080/media/giphy/own/fixed_width.gif""#), written)
        XCTAssertTrue(written.contains(#""avatar_url":"http://192.168.1.20:8080/media/giphy/u/avatar.gif""#), written)
        XCTAssertTrue(written.contains(#""url":"https://media.giphy.com/own.gif""#), "another's link as it is")
        XCTAssertTrue(text(item).contains(#""url":"/media/giphy/own/fixed_width.gif""#), "kept as a path")
        XCTAssertNotEqual(form.key, ItemForm.full.key, "answers for another base are kept apart")
        let download = Download(id: "own", url: "/media/giphy/own/original.gif", width: 400, height: 200)
        XCTAssertTrue(text(DownloadJSON(download: download, form: form)).contains(#""url":"http://192.168.1.20:8080/media/giphy/own/original.gif""#))
    }

    func testFavoritesSpotlightsAndStaleGIFsWrapTheGIFsMembers() {
        let favorite = Favorite(item: Self.bare, addedAt: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(text(FavoriteJSON(favorite: favorite, form: .full)), #"{"added_at":"2023-11-14T22:13:20Z","attribution":{"text":"Powered by GIPHY"},"id":"bare","is_favorite":true,"#
            + #""provider":"giphy","share_text":"GIF https://giphy.com/gifs/bare","url":"https://giphy.com/gifs/bare"}"#)
        XCTAssertEqual(text(StaleMarkedItem(item: Self.bare, stale: true)),
                       #"{"attribution":{"text":"Powered by GIPHY"},"id":"bare","provider":"giphy","share_text":"GIF https://giphy.com/gifs/bare","stale":true,"url":"https://giphy.com/gifs/bare"}"#)
        XCTAssertFalse(text(StaleMarkedItem(item: Self.bare, stale: false)).contains("stale"))
        let spotlight = Spotlight(item: Self.bare, changesAt: Date(timeIntervalSince1970: 1_700_000_600), secondsLeft: 600, stale: true,
                                  pickedNow: false)
        XCTAssertEqual(text(SpotlightJSON(spotlight: spotlight)), #"{"changes_at":"2023-11-14T22:23:20Z","gif":{"attribution":{"text":"Powered by GIPHY"},"id":"bare","provider":"giphy","#
            + #""share_text":"GIF https://giphy.com/gifs/bare","url":"https://giphy.com/gifs/bare"},"seconds_left":600,"stale":true}"#)
    }

    /// A list item: no created_at, rating or share_url, the author's names without links, renditions without sizes,
    /// the original as its GIF alone, only the renditions asked for (the list default:
    /// fixed_width, its still, the original).
    func testACompactGIFKeepsWhatAGridDraws() {
        var item = Self.full
        item.images["fixed_width"] = Rendition(url: "https://m/w.gif", width: 200, height: 112, size: 999, mp4: "https://m/w.mp4", webp: "https://m/w.webp")
        item.images["downsized"] = Rendition(url: "https://m/d.gif", width: 240, height: 135, size: 5)
        let page = ItemPage(data: [item], pagination: Pagination(offset: 0, count: 1, totalCount: 1, nextOffset: nil))
        XCTAssertEqual(text(PageJSON(page: page, form: .compact)), #"{"data":[{"attribution":{"text":"Powered by GIPHY"},"id":"full","images":{"#
            + #""fixed_width":{"height":112,"mp4":"https://m/w.mp4","url":"https://m/w.gif","webp":"https://m/w.webp","width":200},"#
            + #""original":{"height":270,"url":"https://m/o.gif?cid=1&ep=x","width":480},"#
            + #""still":{"height":112,"url":"https://m/s.gif","width":200}},"is_favorite":true,"provider":"giphy","#
            + #""share_text":"Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é https://gph.is/g/abc","#
            + #""title":"Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é","url":"https://giphy.com/gifs/a-b","#
            + #""user":{"display_name":"Some One","username":"someone"}}],"#
            + #""pagination":{"count":1,"next_offset":null,"offset":0,"total_count":1}}"#)
        let chosen = ItemForm(isCompact: true, renditions: .named(["downsized"]))
        XCTAssertEqual(text(PageJSON(page: page, form: chosen)).components(separatedBy: "\"images\":")[1].prefix(69),
                       #"{"downsized":{"height":135,"url":"https://m/d.gif","width":240}},"is_"#)
        let everything = ItemForm(isCompact: true, renditions: .all)
        XCTAssertEqual(text(PageJSON(page: page, form: everything)).components(separatedBy: "\"url\":\"https://m/").count - 1, 4)
    }

    /// Without a user object, the compact form keeps the top-level username as the author's name.
    func testACompactGIFWithoutAUserKeepsTheUsername() {
        let item = Item(id: "u", provider: .giphy, url: "https://u", username: "maker", attribution: Giphy.attribution)
        let page = ItemPage(data: [item], pagination: Pagination(offset: 0, count: 1, totalCount: nil, nextOffset: nil))
        XCTAssertTrue(text(PageJSON(page: page, form: .compact)).contains(#""url":"https://u","username":"maker"}"#))
    }

    func testEqualValuesGiveEqualBytes() {
        XCTAssertEqual(Self.full.jsonBytes(), Self.full.jsonBytes())
    }
}
