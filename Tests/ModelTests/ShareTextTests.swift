import GiphyClient
import Service
import Model
import XCTest

final class ShareTextTests: XCTestCase {
    func testTitleAndShortLink() {
        let item = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc", attribution: Giphy.attribution)
        XCTAssertEqual(item.shareText, "Happy Cat GIF https://gph.is/abc")
    }

    func testPageURLWhenThereIsNoShortLink() {
        let item = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", attribution: Giphy.attribution)
        XCTAssertEqual(item.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
        let blankShortLink = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: " ", attribution: Giphy.attribution)
        XCTAssertEqual(blankShortLink.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
    }

    func testGIFWithoutTitle() {
        XCTAssertEqual(Item(id: "abc", provider: .giphy, url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc", attribution: Giphy.attribution).shareText,
                       "GIF https://gph.is/abc")
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: "", url: "https://giphy.com/gifs/abc", attribution: Giphy.attribution).shareText,
                       "GIF https://giphy.com/gifs/abc")
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: "  \n", url: "https://giphy.com/gifs/abc", attribution: Giphy.attribution).shareText,
                       "GIF https://giphy.com/gifs/abc")
    }

    func testTitleIsTrimmed() {
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: " Dance ", url: "https://giphy.com/gifs/abc", attribution: Giphy.attribution).shareText,
                       "Dance https://giphy.com/gifs/abc")
    }
}
