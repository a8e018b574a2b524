import Model
import XCTest

final class ShareTextTests: XCTestCase {
    func testTitleAndShortLink() {
        let item = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc")
        XCTAssertEqual(item.shareText, "Happy Cat GIF https://gph.is/abc")
    }

    func testPageURLWhenThereIsNoShortLink() {
        let item = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc")
        XCTAssertEqual(item.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
        let blankShortLink = Item(id: "abc", provider: .giphy, title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: " ")
        XCTAssertEqual(blankShortLink.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
    }

    func testGIFWithoutTitle() {
        XCTAssertEqual(Item(id: "abc", provider: .giphy, url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc").shareText,
                       "GIF https://gph.is/abc")
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: "", url: "https://giphy.com/gifs/abc").shareText,
                       "GIF https://giphy.com/gifs/abc")
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: "  \n", url: "https://giphy.com/gifs/abc").shareText,
                       "GIF https://giphy.com/gifs/abc")
    }

    func testTitleIsTrimmed() {
        XCTAssertEqual(Item(id: "abc", provider: .giphy, title: " Dance ", url: "https://giphy.com/gifs/abc").shareText,
                       "Dance https://giphy.com/gifs/abc")
    }

    func testShareTextTrimsTheTitle() {
        let item = Item(id: "a", provider: .giphy, title: "\u{A0} Cat \n", url: "https://giphy.com/gifs/a", shareURL: " \u{3000} ")
        XCTAssertEqual(item.shareText, "Cat https://giphy.com/gifs/a", "a blank short link is no link")
        XCTAssertEqual(Item(id: "a", provider: .giphy, title: " \n", url: "https://g/a").shareText, "GIF https://g/a")
    }
}
