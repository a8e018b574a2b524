import ProviderHTTP
import XCTest

/// The one rule for links passed on to clients (their href and src).
final class WebLinkTests: XCTestCase {
    func testHTTPLinksWithAHostPassUnchanged() {
        for link in ["https://media0.giphy.com/media/v1.Y2lk/abc/giphy.gif?cid=1&ep=v1_gifs_search&rid=giphy.gif&ct=g",
                     "http://127.0.0.1:8080/x", "HTTPS://Example.COM", "hTtP://a", "https://user:pass@host/p",
                     "https://[::1]:8080/", "https://a/é?q=ü#frag", "https://a/%zz", "https://a?b#c"] {
            XCTAssertEqual(WebLink.checked(link), link)
        }
    }

    func testEverythingElseIsRefused() {
        for text in ["javascript:alert(1)", "JavaScript://a/%0Aalert(1)", "data:text/html,x", "ftp://a/b", "//a/b", "/a/b",
                     "https:a", "https:/a", "https://", "https:///path", "https://?q", "https://#f", "https://user@/p",
                     "https://:80/", "http ://a", "https://a b", "https://a/b c", "https://a/\u{7}", "https://a/\u{7F}",
                     "https://a\n/", "httpx://a", "httpss://a", "", " https://a",
                     // Past the first eight bytes, where they are read eight at a time, and in the tail.
                     "https://media.example.com/a path/b.gif", "https://media.example.com/ab\u{1}cdefgh/x.gif",
                     "https://media.example.com/abcdefgh/x.gif\u{7F}", "https://media.example.com/abcdefg/x.gif?a=\tb"] {
            XCTAssertNil(WebLink.checked(text), text.debugDescription)
        }
    }
}
