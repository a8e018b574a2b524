import Foundation
import JSON
import ProviderHTTP
import XCTest

/// The JSON reader of upstream bodies: what RFC 8259 allows is read, the rest refused whole;
/// strings decode as JSON says; nothing a body holds makes it crash, hang or recurse.
final class JSONDocumentTests: XCTestCase {
    private func root(_ text: String) -> JSONValue? { JSONDocument.root(of: Data(text.utf8)) }

    func testValidTextIsRead() {
        for text in [#"{}"#, #"[]"#, #"0"#, #"-0"#, #"-12.5e+3"#, #"1E2"#, #""x""#, #"true"#, #"false"#, #"null"#,
                     " \t\r\n{ \"a\" : [ 1 , { } , [ ] , \"b\" ] } \n", "\u{FEFF}{\"a\":1}", #"{"":1}"#,
                     #"[[[[[]]]]]"#, #"{"a":{"b":{"c":null}}}"#, #""\u00e9\n\t\\\"\/\b\f\r""#] {
            XCTAssertNotNil(root(text), text)
        }
    }

    func testInvalidTextIsRefusedWhole() {
        for text in ["", " ", "{", "}", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{a:1}", "{1:1}", "01", "1.", ".5",
                     "1e", "-", "+1", "0x10", "NaN", "Infinity", "tru", "nul", "[1]x", "{} {}", "\"abc", "\"a\u{01}b\"",
                     #""\x""#, #""\u12""#, #""\u12G4""#, "'a'", "[", "[\"a\":1]", "{\"a\":1]", "[1}"] {
            XCTAssertNil(root(text), text.debugDescription)
        }
    }

    func testNestingIsBoundedNotRecursed() throws {
        XCTAssertNotNil(root(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
        XCTAssertNil(root(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)))
        // Far past any stack: refused at the bound, without reading further.
        XCTAssertNil(root(String(repeating: "[", count: 1_000_000)))
    }

    func testStringsAreDecodedAsJSONSays() throws {
        let cases: [(String, String)] = [
            (#""plain""#, "plain"), (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u00C9""#, "éÉ"), (#""\ud83d\ude00""#, "😀"), (#""é😀""#, "é😀"),
            (#""\ud83d""#, "\u{FFFD}"), (#""\ude00x""#, "\u{FFFD}x"), (#""\ud83dx""#, "\u{FFFD}x"), (#""\u0000""#, "\u{0}"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(root(json)?.text, expected, json)
        }
        // Invalid UTF-8 is repaired, never a failure of the body.
        let invalid = try XCTUnwrap(JSONDocument.root(of: Data([0x22, 0x61, 0xFF, 0x62, 0x22])))
        XCTAssertEqual(invalid.text, "a\u{FFFD}b")
    }

    /// An array's elements counted in place, nested arrays and objects each one element, without
    /// using them up; none for an empty array or a value that is not an array.
    func testElementsAreCountedWithoutBeingUsedUp() throws {
        let cases = [("[1,{\"a\":[2,3]},[4,[5]],\"s\",null]", 5), ("[]", 0), ("[[]]", 1), ("{\"a\":1}", 0), ("7", 0)]
        for (json, expected) in cases {
            let value = try XCTUnwrap(root(json), json)
            value.withView { view in
                let elements = view.elements
                XCTAssertEqual(elements.count, expected, json)
                XCTAssertEqual(Array(elements).count, expected, json)
            }
        }
    }

    func testMembersAndElements() throws {
        let object = try XCTUnwrap(root(#"{"a":1,"b":{"c":[1,{"d":2},3]},"a":9,"e\u0066":"f","":"empty","x":null}"#))
        XCTAssertEqual(object["a"]?.integer, 1, "the first of a repeated key")
        XCTAssertEqual(object["b"]?["c"]?.elements.map { $0.integer }, [1, nil, 3])
        XCTAssertEqual(object["b"]?["c"]?.elements[1]["d"]?.integer, 2)
        XCTAssertEqual(object["ef"]?.text, "f", "an escaped key")
        XCTAssertEqual(object[""]?.text, "empty")
        XCTAssertEqual(object["x"]?.isNull, true)
        XCTAssertNil(object["missing"])
        XCTAssertNil(object["a"]?["a"], "a number has no members")
        XCTAssertEqual(object["a"]?.elements.count, 0, "a number has no elements")
        XCTAssertNil(try XCTUnwrap(root("[1]"))["a"], "an array has no members")
    }

    /// The scan reads strings many bytes at a time: an escape, a quote or a control character is
    /// found at every place of a long string, and DEL and non-ASCII bytes are text.
    func testLongStringsStopAtEveryEscapeQuoteAndControlCharacter() throws {
        for place in 0..<40 {
            let before = String(repeating: "a", count: place)
            let after = String(repeating: "b", count: 39 - place)
            XCTAssertEqual(root("\"\(before)\\\"\(after)\"")?.text, before + "\"" + after, "an escape at \(place)")
            XCTAssertEqual(root("\"\(before)\\u00e9\(after)\"")?.text, before + "é" + after, "a \\u escape at \(place)")
            XCTAssertEqual(root("[\"\(before)\",\"\(after)\"]")?.elements.map(\.text), [before, after], "a quote at \(place)")
            XCTAssertNil(root("\"\(before)\u{1F}\(after)\""), "a control character at \(place)")
            XCTAssertNil(root("\"\(before)\\x\(after)\""), "an escape JSON has not at \(place)")
            XCTAssertEqual(root("\"\(before)\u{7F}é\(after)\"")?.text, before + "\u{7F}é" + after, "DEL and é at \(place)")
        }
    }

    /// The scan also notes whether a string is all visible ASCII (0x21...0x7E, no escape): every
    /// other byte class, at every place of strings of every length up to 48 (so at every lane of
    /// the scan's 16-byte blocks, and across their ends), makes it not so; the quote ends it, a
    /// control character is refused, and the text reads the same either way. Each string is read
    /// alone (its last bytes one at a time, as the text's last sixteen are) and followed by
    /// spaces (read in blocks to its end, the spaces after its quote in the same block).
    func testTheScanFindsEveryByteClassAtEveryPlace() throws {
        for padding in ["", String(repeating: " ", count: 32)] {
            try scanFindsEveryByteClassAtEveryPlace(followedBy: padding)
        }
    }

    private func scanFindsEveryByteClassAtEveryPlace(followedBy padding: String) throws {
        func root(_ text: String) -> JSONValue? { self.root(text + padding) }
        func visible(_ value: JSONValue?) -> String? {
            value?.withView { $0.withVisibleASCIIBytes { String(decoding: $0, as: UTF8.self) } } ?? nil
        }
        let notVisible: [(text: String, json: String)] = [
            (" ", " "), ("\u{7F}", "\u{7F}"), ("é", "é"), ("\u{80}", "\u{80}"), ("😀", "😀"),
            ("\"", "\\\""), ("\\", "\\\\"), ("/", "\\/"), ("\n", "\\n"), ("é", "\\u00e9"),
        ].map { (text: $0.0, json: $0.1) }
        for length in 1...48 {
            for place in 0..<length {
                let before = String(repeating: "a", count: place)
                let after = String(repeating: "~", count: length - place - 1)
                for edge in ["!", "~", "a"] {
                    let text = before + edge + after
                    XCTAssertEqual(visible(root("\"\(text)\"")), text, "visible ASCII \(edge) at \(place) of \(length)")
                }
                for (text, json) in notVisible {
                    let value = root("\"\(before)\(json)\(after)\"")
                    XCTAssertEqual(value?.text, before + text + after, "\(json.debugDescription) at \(place) of \(length)")
                    XCTAssertNil(visible(value), "\(json.debugDescription) at \(place) of \(length)")
                }
                for control in UInt8(0x00)...0x1F {
                    let json = "\"\(before)\(Character(Unicode.Scalar(control)))\(after)\""
                    XCTAssertThrowsError(try JSONDocument(parsing: Data((json + padding).utf8)), "control \(control) at \(place) of \(length)") { error in
                        XCTAssertEqual((error as? JSONSyntaxError)?.offset, 1 + place, "control \(control) at \(place) of \(length)")
                    }
                }
                // A quote ends the string there: what follows it (a space, é) is not the string's.
                let split = try XCTUnwrap(root("[\"\(before)\", \"é\(after)\"]"), "a quote at \(place) of \(length)")
                XCTAssertEqual(split.elements.map(visible), [place == 0 ? nil : before, nil], "a quote at \(place) of \(length)")
            }
        }
        XCTAssertNil(visible(root(#""""#)), "an empty string has no visible byte")
        XCTAssertNil(visible(root("12")), "a number is not a string")
    }

    /// Keys are scanned apart from values (their visible-ASCII test skipped) and matched byte for
    /// byte: a key of any length up to 48 with a differing byte, an escape or a control character
    /// at any place is read as it is, and the value after it is still found visible.
    func testKeysOfEveryLengthAreScannedAndMatchedByteForByte() throws {
        for length in 1...48 {
            for place in 0..<length {
                let before = String(repeating: "a", count: place), after = String(repeating: "c", count: length - place - 1)
                let key = before + "b" + after, near = before + "d" + after, other = String(repeating: "a", count: length)
                let object = try XCTUnwrap(root(#"{"\#(other)":2,"\#(key)":"v1","\#(before)\"\#(after)":3}"#), "\(place) of \(length)")
                XCTAssertEqual(object[key]?.string, "v1", "\(place) of \(length)")
                XCTAssertEqual(object[other]?.integer, 2, "\(place) of \(length)")
                XCTAssertEqual(object[before + "\"" + after]?.integer, 3, "an escaped quote at \(place) of \(length)")
                XCTAssertNil(object[near], "a key differing at \(place) of \(length)")
                let spaced = try XCTUnwrap(root(#"{"\#(before) \#(after)":"v2","\#(key)":"v3"}"#), "a space at \(place) of \(length)")
                XCTAssertEqual(spaced.members.map(\.key), [before + " " + after, key])
                let visibleValues = spaced.withView { view in
                    var values: [String?] = []
                    view.forEachMember { _, value in values.append(value.withVisibleASCIIBytes { String(decoding: $0, as: UTF8.self) }) }
                    return values
                }
                XCTAssertEqual(visibleValues, ["v2", "v3"], "the values after keys, one with a space, at \(place) of \(length)")
                let control = "{\"\(before)\u{01}\(after)\":1}"
                XCTAssertThrowsError(try JSONDocument(parsing: Data(control.utf8)), "a control character at \(place) of \(length)") { error in
                    XCTAssertEqual((error as? JSONSyntaxError)?.offset, 2 + place, "a control character at \(place) of \(length)")
                }
            }
        }
    }

    /// A view reads in place what a value reads: every member in order, repeated keys included,
    /// keys with escapes decoded; elements in order; nothing of what is not an object or array.
    func testAViewVisitsEveryMemberAndElementInPlace() throws {
        let object = try XCTUnwrap(root(#"{"a":1,"b":{"c":[1,{"d":2},3]},"a":9,"e\u0066":"f","":"empty","\u00e9":null}"#))
        let visited = object.withView { view in
            var keys: [String] = []
            view.forEachMember { key, value in keys.append(String(decoding: key.bytes, as: UTF8.self) + "=" + (value.text ?? "-")) }
            return keys
        }
        XCTAssertEqual(visited, ["a=1", "b=-", "a=9", "ef=f", "=empty", "é=-"])
        let matched = object.withView { view in
            var names: [String] = []
            view.forEachMember { key, _ in
                switch key {
                case "a": names.append("a")
                case "ef": names.append("ef")
                case "é": names.append("é")
                default: names.append("?")
                }
            }
            return names
        }
        XCTAssertEqual(matched, ["a", "?", "a", "ef", "?", "é"], "keys match as decoded bytes")
        XCTAssertEqual(object.withView { $0["b"]?["c"]?.elements.map(\.integer) }, [1, nil, 3])
        XCTAssertEqual(object.withView { $0["a"]?.integer }, 1, "the first of a repeated key")
        XCTAssertEqual(object.withView { view in view["b"].map { $0.elements.map(\.integer) } }, [], "an object has no elements")
        XCTAssertEqual(try XCTUnwrap(root("[1]")).withView { view in
            var count = 0
            view.forEachMember { _, _ in count += 1 }
            return count
        }, 0, "an array has no members")
    }

    /// Nodes are written into storage reserved for about one per 16 bytes; a body with more (small
    /// values, one node per two or three bytes) grows it, its containers still end where they did,
    /// and a body refused after growing is refused at the same byte.
    func testBodiesWithManyNodesPerByteAreReadWhole() throws {
        for count in [1, 7, 8, 9, 100, 5_000] {
            let json = "[" + (0..<count).map { "[\($0 % 10),{},\"\",[]]" }.joined(separator: ",") + "]"
            let elements = try XCTUnwrap(root(json), "\(count)").elements
            XCTAssertEqual(elements.map { $0.elements.first?.integer }, (0..<count).map { $0 % 10 }, "\(count)")
            XCTAssertEqual(elements.map { $0.elements.map(\.isArray) }, Array(repeating: [false, false, false, true], count: count))
            XCTAssertEqual(elements.last?.elements[2].text, "", "\(count)")
            XCTAssertThrowsError(try JSONDocument(parsing: Data((json.dropLast() + ",x]").utf8)), "\(count)") { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.offset, json.count, "\(count)")
            }
        }
    }

    /// The table GIPHY's numbers-as-strings were read by before (LenientInt), and more.
    func testIntegersAreReadLeniently() {
        let cases: [(String, Int?)] = [
            (#""200""#, 200), ("200", 200), (#"" 12 ""#, 12), (#""12.0""#, 12), ("12.7", 12), ("-3", -3), ("2e3", 2000),
            (#""\n7\t""#, 7), (#""""#, nil), (#""abc""#, nil), ("null", nil), ("[1]", nil), ("{}", nil), ("true", nil),
            ("1e300", nil), ("99999999999999999999", nil), (#""inf""#, nil), (#""nan""#, nil),
            (#""0012""#, 12), (#""123456789012345678""#, 123_456_789_012_345_678), (#""1234567890123456789""#, 1_234_567_890_123_456_789),
            (#""99999999999999999999""#, nil), (#""+7""#, 7), (#""1 2""#, nil), (#""\u0032\u0030""#, 20), (#""2:""#, nil),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(root(#"{"n":\#(json)}"#)?["n"]?.integer, expected, json)
        }
    }

    func testTextIsAStringOrAWholeNumber() {
        let cases: [(String, String?)] = [
            (#""abc""#, "abc"), (#""""#, ""), ("42", "42"), ("-7", "-7"), ("2.0", "2"), ("1e2", "100"), ("2.5", nil),
            ("true", nil), ("null", nil), ("{}", nil), ("[]", nil),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(root(json)?.text, expected, json)
        }
        XCTAssertEqual(root(#"" \u00a0 padded\n ""#)?.meaningfulText, "padded")
        XCTAssertNil(root(#"" \t\n ""#)?.meaningfulText)
        XCTAssertEqual(root("2.8")?.number, 2.8)
        XCTAssertNil(root(#""2.8""#)?.number, "a number sent as a string is text")
    }

    /// Random JSON written by Foundation reads back as the same values.
    func testReadsWhatFoundationWrites() throws {
        var generator = SplitMix(seed: 20261124)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: ["v": value], options: [.fragmentsAllowed])
            let read = try XCTUnwrap(JSONDocument.root(of: data)?["v"], String(decoding: data, as: UTF8.self))
            XCTAssertTrue(Self.same(read, value), String(decoding: data, as: UTF8.self))
        }
    }

    /// Bytes flipped in a real-shaped body: read or refused, never a crash.
    func testMangledBodiesNeverCrash() {
        let body = Array(#"{"data":[{"id":"a\u00e9","images":{"x":{"url":"https://m/1.gif","width":"200"}}},[1,2.5e3,true,null]],"meta":{"status":200}}"#.utf8)
        var generator = SplitMix(seed: 20261124)
        let alphabet = Array(#"{}[]",:\\u0123456789eE+-.tfn "#.utf8) + [0x00, 0x1F, 0x80, 0xFF]
        for _ in 0..<5_000 {
            var mangled = body
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<mangled.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mangled[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: mangled.remove(at: index)
                default: mangled.removeSubrange(index...)
                }
                if mangled.isEmpty { break }
            }
            if let root = JSONDocument.root(of: Data(mangled)) {
                _ = Self.walk(root)
            }
        }
    }

    // MARK: - Helpers

    private static func randomValue(depth: Int, using generator: inout SplitMix) -> Any {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
        case 0: return Int.random(in: -1_000_000...1_000_000, using: &generator)
        case 1: return randomString(using: &generator)
        case 2: return Bool.random(using: &generator)
        case 3: return NSNull()
        case 4: return (0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) }
        default:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                object[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return object
        }
    }

    private static func randomString(using generator: inout SplitMix) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "😀", "\u{2028}", "?", "&", "%20"]
        return (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    private static func same(_ read: JSONValue, _ value: Any) -> Bool {
        switch value {
        case let number as Int where !(value is Bool): return read.integer == number && read.text == String(number)
        case let text as String: return read.text == text
        case is Bool: return !read.isNull && !read.isArray && !read.isObject && read.text == nil && read.integer == nil
        case is NSNull: return read.isNull
        case let array as [Any]:
            let elements = read.elements
            return read.isArray && elements.count == array.count && zip(elements, array).allSatisfy { same($0, $1) }
        case let object as [String: Any]:
            return read.isObject && object.allSatisfy { key, member in read[key].map { same($0, member) } ?? false }
        default: return false
        }
    }

    private static func walk(_ value: JSONValue) -> Int {
        _ = (value.text, value.integer, value.number, value.webLink, value["data"], value["id"])
        return value.elements.reduce(1) { $0 + walk($1) }
    }
}

/// A seeded generator, so a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
