import JSON
import Foundation
import Model
import Wire
import XCTest

/// Rendition links are written from `Renditions`' byte buffer: the same bytes as the Strings'
/// writing gives (escapes, non-ASCII, a long link, a link resolved against the form's base), and
/// a stored item reads back to the same renditions.
final class RenditionLinkWritingTests: XCTestCase {
    private func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func written(_ item: Item, _ form: ItemForm) -> String {
        var writer = JSONWriter()
        writer.object { writer in item.writeMembers(to: &writer, form: form) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func check(url: String, mp4: String?, webp: String?, line: UInt = #line) throws {
        let item = Item(id: "i", provider: .giphy, url: "https://u",
                        images: ["original": Rendition(url: url, width: 1, height: 2, size: 3, mp4: mp4, webp: webp)])
        // An empty link is left out, as it always was; so it does not read back.
        let (mp4Written, webpWritten) = (mp4.flatMap { $0.isEmpty ? nil : $0 }, webp.flatMap { $0.isEmpty ? nil : $0 })
        let video = (mp4Written.map { #""mp4":\#(quoted($0)),"# } ?? "")
        let expected = #"{"id":"i","images":{"original":{"height":2,"# + video + #""size":3,"url":\#(quoted(url)),"#
            + (webpWritten.map { #""webp":\#(quoted($0)),"# } ?? "") + #""width":1}},"provider":"giphy","share_text":"GIF https://u","url":"https://u"}"#
        XCTAssertEqual(written(item, .full), expected, line: line)
        if mp4 == mp4Written, webp == webpWritten { XCTAssertEqual(try Item(jsonBytes: Data(item.jsonBytes())), item, line: line) }
    }

    func testLinksAreWrittenAsTheirStringsAre() throws {
        try check(url: "https://media.giphy.com/media/abc/giphy.gif?cid=1&rid=giphy.gif", mp4: "https://m/a.mp4", webp: "https://m/a.webp")
        try check(url: #"https://m/"quoted"\back\slash/tab\#tbell\#u{7}del\#u{7F}.gif"#, mp4: "https://m/\u{1}", webp: nil)
        try check(url: "https://m/caf\u{E9}/\u{1F431}/\u{2028}.gif", mp4: nil, webp: "https://m/\u{E9}")
        try check(url: "https://m/" + String(repeating: "0123456789abcde\"", count: 4500), mp4: nil, webp: nil)
        try check(url: "", mp4: "", webp: "")
    }

    func testAPathIsWrittenAgainstTheFormsBase() {
        let item = Item(id: "i", provider: .giphy, url: "https://u", images: [
            "original": Rendition(url: "/media/a\"b.gif", width: 1, height: 2, mp4: "/media/a.mp4", webp: "https://m/a.webp"),
        ])
        let form = ItemForm(isCompact: false, renditions: .all, linkBase: "http://10.0.2.2:8080")
        XCTAssertTrue(written(item, form).contains(#"{"original":{"height":2,"mp4":"http://10.0.2.2:8080/media/a.mp4","#
            + #""url":"http://10.0.2.2:8080/media/a\"b.gif","webp":"https://m/a.webp","width":1}}"#), written(item, form))
        XCTAssertTrue(written(item, .compact).contains(#"{"original":{"height":2,"url":"/media/a\"b.gif","width":1}}"#),
                      written(item, .compact))
    }
}
