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

    /// The host is found sixteen bytes at a time: an end of the host ("/", "?", "#"), user info
    /// ("@") and a port's ":" at every place of hosts up to 40 bytes long (every lane of a block,
    /// and across their ends), with a long path after them or none, are judged as the rule reads
    /// byte by byte.
    func testTheHostIsFoundAtEveryPlace() {
        func byteByByte(_ link: String) -> Bool {
            let bytes = Array(link.utf8.dropFirst("https://".utf8.count))
            var hostStart = 0
            var end = 0
            while end < bytes.count, !"/?#".utf8.contains(bytes[end]) {
                if bytes[end] == UInt8(ascii: "@") { hostStart = end + 1 }
                end += 1
            }
            return hostStart < end && bytes[hostStart] != UInt8(ascii: ":")
        }
        for length in 0...40 {
            for place in 0..<max(length, 1) {
                for special in ["/", "?", "#", "@", ":"] {
                    for second in ["", "/", "@", ":"] {
                        var host = Array(repeating: Character("h"), count: length)
                        if place < length { host[place] = Character(special) }
                        if !second.isEmpty, place + 1 < length { host[place + 1] = Character(second) }
                        for path in ["", "/media/v1.Y2lk/abc/giphy.gif?cid=1&ep=v1_gifs_search"] {
                            let link = "https://" + String(host) + path
                            XCTAssertEqual(WebLink.checked(link) != nil, byteByByte(link), link)
                        }
                    }
                }
            }
        }
    }
}
