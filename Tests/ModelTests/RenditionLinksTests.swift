import Model
import XCTest

/// `Renditions` keeps every link of its renditions in one byte buffer: each reads back as the
/// String it was given (or, appended as bytes, as `String(decoding:as:)` reads those bytes),
/// whatever was set, replaced or removed before, and however long.
final class RenditionLinksTests: XCTestCase {
    private func rendition(_ index: Int, _ url: String? = nil) -> Rendition {
        Rendition(url: url ?? "https://media.example/\(index)/200w.gif?cid=\(index)&rid=200w.gif", width: index + 1, height: 2,
                  size: index.isMultiple(of: 3) ? nil : index * 10,
                  mp4: index.isMultiple(of: 2) ? "https://media.example/\(index).mp4" : nil,
                  webp: index.isMultiple(of: 5) ? "" : "https://media.example/\(index).webp")
    }

    private func appended(_ names: [String], _ renditions: [Rendition]) -> Renditions {
        var images = Renditions(minimumCapacity: names.count)
        for (name, rendition) in zip(names, renditions) {
            let added = images.append(name: name, width: rendition.width, height: rendition.height, size: rendition.size) { links in
                Self.bytes(rendition.url) { links.url($0) }
                if let mp4 = rendition.mp4 { Self.bytes(mp4) { links.mp4($0) } }
                if let webp = rendition.webp { Self.bytes(webp) { links.webp($0) } }
            }
            XCTAssertTrue(added, name)
        }
        return images
    }

    private static func bytes(_ text: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        var text = text
        text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    func testManyRenditionsReadBackWhateverTheOrderSet() {
        let names = (0..<300).map { "rendition_\(1000 + $0)" }
        let renditions = names.indices.map { rendition($0) }
        var set = Renditions()
        for index in names.indices.reversed() { set[names[index]] = renditions[index] }
        let byAppending = appended(names, renditions)
        XCTAssertEqual(set, byAppending)
        for (index, name) in names.enumerated() {
            XCTAssertEqual(set[name], renditions[index], name)
            XCTAssertEqual(byAppending[name], renditions[index], name)
        }
        XCTAssertEqual(Array(byAppending.values), renditions)
        var lent: [Rendition] = []
        byAppending.forEachInPlace { _, rendition in
            lent.append(Rendition(url: String(decoding: rendition.url, as: UTF8.self), width: rendition.width,
                                  height: rendition.height, size: rendition.size,
                                  mp4: rendition.mp4.map { String(decoding: $0, as: UTF8.self) },
                                  webp: rendition.webp.map { String(decoding: $0, as: UTF8.self) }))
        }
        XCTAssertEqual(lent, renditions)
    }

    func testReplacedAndRemovedLinksLeaveTheOthersIntact() {
        var images: Renditions = ["a": rendition(1), "b": rendition(2), "c": rendition(3)]
        images["b"] = rendition(20, "https://much.longer.example/" + String(repeating: "b", count: 500))
        images["a"] = nil
        images["d"] = rendition(4)
        images["c"] = rendition(30, "https://s/")
        XCTAssertEqual(images, ["b": rendition(20, "https://much.longer.example/" + String(repeating: "b", count: 500)),
                                "c": rendition(30, "https://s/"), "d": rendition(4)])
        XCTAssertEqual(images.mapValues { $0 }, images)
        XCTAssertEqual(images.linkBytes, images.values.reduce(0) { $0 + [$1.url, $1.mp4, $1.webp].reduce(0) { $0 + ($1?.utf8.count ?? 0) } },
                       "no bytes left behind")
        XCTAssertNotEqual(images, ["b": rendition(20), "c": rendition(30, "https://s/"), "d": rendition(4)])
    }

    func testNonASCIIAndInvalidBytesReadAsAStringReadsThem() {
        let text = "https://m/caf\u{E9}/\u{1F431}.gif?q=\"\\\u{7}"
        let images: Renditions = ["a": Rendition(url: text, width: 1, height: 1, mp4: "https://m/\u{E9}.mp4")]
        XCTAssertEqual(images["a"]?.url, text)
        XCTAssertEqual(images["a"]?.mp4, "https://m/\u{E9}.mp4")
        // Bytes that are not UTF-8 (as an upstream may send them) read back repaired, as a String repairs them.
        let invalid: [UInt8] = Array("https://m/".utf8) + [0xFF, 0xC3, 0x41, 0xE2, 0x82] + Array("/x.gif".utf8)
        var appended = Renditions()
        appended.append(name: "a", width: 1, height: 1, size: nil) { links in
            invalid.withUnsafeBytes { links.url($0) }
            invalid.withUnsafeBytes { links.webp($0) }
        }
        let repaired = String(decoding: invalid, as: UTF8.self)
        XCTAssertEqual(appended["a"], Rendition(url: repaired, width: 1, height: 1, webp: repaired))
        appended.forEachInPlace { _, rendition in XCTAssertEqual(Array(rendition.url), Array(repaired.utf8)) }
    }

    /// Bytes the caller vouches for as valid UTF-8 (non-ASCII included) are kept as they are.
    func testBytesVouchedForAsValidReadBackAsGiven() {
        let link = "https://m/caf\u{E9}/\u{1F431}.gif"
        var images = Renditions()
        images.append(name: "a", width: 1, height: 1, size: nil) { links in
            Self.bytes(link) { links.url($0, isValidUTF8: true) }
            Self.bytes(link + "?v") { links.mp4($0, isValidUTF8: true) }
            Self.bytes("https://m/a.webp") { links.webp($0, isValidUTF8: true) }
        }
        XCTAssertEqual(images["a"], Rendition(url: link, width: 1, height: 1, mp4: link + "?v", webp: "https://m/a.webp"))
    }

    func testEmptyLinksAndNoLinks() {
        XCTAssertEqual(Renditions(), [:])
        XCTAssertTrue(Renditions(minimumCapacity: 4, linkBytes: 100).isEmpty)
        let empty: Renditions = ["a": Rendition(url: "", width: 1, height: 1, mp4: "", webp: nil)]
        XCTAssertEqual(empty["a"], Rendition(url: "", width: 1, height: 1, mp4: ""))
        XCTAssertNotEqual(empty, ["a": Rendition(url: "", width: 1, height: 1)], "an empty link is not an absent one")
        // Without a url nothing is added, and the links appended for it are not kept.
        var images: Renditions = ["b": rendition(2)]
        let added = images.append(name: "c", width: 1, height: 1, size: nil) { links in
            Self.bytes("https://m/c.mp4") { links.mp4($0) }
        }
        XCTAssertFalse(added)
        XCTAssertFalse(images.append(name: "b", width: 1, height: 1, size: nil) { links in Self.bytes("https://m/b2") { links.url($0) } },
                       "a name there already")
        XCTAssertEqual(images, ["b": rendition(2)])
        XCTAssertEqual(images.linkBytes, (["b": rendition(2)] as Renditions).linkBytes, "the refused ones' links are not kept")
        images.append(name: "d", width: 1, height: 1, size: nil) { links in Self.bytes("https://m/d") { links.url($0) } }
        XCTAssertEqual(images["d"], Rendition(url: "https://m/d", width: 1, height: 1))
        // A name before the last goes in its place.
        images.append(name: "a", width: 1, height: 1, size: nil) { links in Self.bytes("https://m/a") { links.url($0) } }
        XCTAssertEqual(Array(images.names), ["a", "b", "d"])
        XCTAssertEqual(images["a"]?.url, "https://m/a")
        XCTAssertEqual(images["b"], rendition(2))
    }

    func testALinkOver64KB() {
        let long = "https://m/" + String(repeating: "0123456789abcdef", count: 5000)
        var images: Renditions = ["a": rendition(1), "b": Rendition(url: long, width: 1, height: 1, webp: long + "w")]
        images.append(name: "c", width: 1, height: 1, size: nil) { links in Self.bytes(long + "c") { links.url($0) } }
        XCTAssertEqual(images["b"]?.url, long)
        XCTAssertEqual(images["b"]?.webp, long + "w")
        XCTAssertEqual(images["c"]?.url, long + "c")
        XCTAssertEqual(images["a"], rendition(1))
    }
}
