import GifService
import XCTest

final class ShareTextTests: XCTestCase {
    func testTitleAndShortLink() {
        let gif = GIF(id: "abc", title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc")
        XCTAssertEqual(gif.shareText, "Happy Cat GIF https://gph.is/abc")
    }

    func testPageURLWhenThereIsNoShortLink() {
        let gif = GIF(id: "abc", title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc")
        XCTAssertEqual(gif.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
        let blankShortLink = GIF(id: "abc", title: "Happy Cat GIF", url: "https://giphy.com/gifs/abc", shareURL: " ")
        XCTAssertEqual(blankShortLink.shareText, "Happy Cat GIF https://giphy.com/gifs/abc")
    }

    func testGIFWithoutTitle() {
        XCTAssertEqual(GIF(id: "abc", url: "https://giphy.com/gifs/abc", shareURL: "https://gph.is/abc").shareText,
                       "GIF https://gph.is/abc")
        XCTAssertEqual(GIF(id: "abc", title: "", url: "https://giphy.com/gifs/abc").shareText,
                       "GIF https://giphy.com/gifs/abc")
        XCTAssertEqual(GIF(id: "abc", title: "  \n", url: "https://giphy.com/gifs/abc").shareText,
                       "GIF https://giphy.com/gifs/abc")
    }

    func testTitleIsTrimmed() {
        XCTAssertEqual(GIF(id: "abc", title: " Dance ", url: "https://giphy.com/gifs/abc").shareText,
                       "Dance https://giphy.com/gifs/abc")
    }
}
