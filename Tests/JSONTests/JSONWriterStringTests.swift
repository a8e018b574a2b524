import Foundation
import JSON
import XCTest

/// The writer's strings against a plain escaper (one scalar at a time, as RFC 8259 reads) and
/// against JSONSerialization reading them back: the runs copied eight bytes at a time, and two
/// strings written as one (`string(_:_:separator:)`), give the same bytes as the joined String.
final class JSONWriterStringTests: XCTestCase {
    /// Escapes, non-ASCII of every length (é, U+2028, a lone emoji, a flag), DEL and controls,
    /// each at every position in and around the sixteen- and eight-byte blocks.
    private static let pieces = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "😺", "🇫🇷", "/", " "]

    private static var texts: [String] {
        var texts = ["", "x", "https://media.giphy.com/media/abc/200w.gif?cid=1&rid=200w.gif&ct=g"]
        for piece in pieces {
            for position in 0..<40 { texts.append(String(repeating: "a", count: position) + piece + String(repeating: "b", count: 39 - position)) }
        }
        texts.append(pieces.joined())
        return texts
    }

    /// What the writer wrote before runs were copied whole: each scalar escaped or copied.
    private func plainlyQuoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\r": out += Array(#"\r"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += Array(String(format: "\\u%04x", scalar.value).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out + [0x22]
    }

    private func readBack(_ quoted: [UInt8]) throws -> String? {
        let array = try JSONSerialization.jsonObject(with: Data("[".utf8 + quoted + "]".utf8)) as? [String]
        return array?.first
    }

    func testAQuotedStringIsThePlainEscapersAndReadsBack() throws {
        for text in Self.texts {
            var out: [UInt8] = []
            JSONWriter.appendQuoted(text, to: &out)
            XCTAssertEqual(out, plainlyQuoted(text), text.debugDescription)
            XCTAssertEqual(try readBack(out), text, text.debugDescription)
        }
    }

    func testTwoStringsWrittenAsOneAreTheJoinedStringsBytes() throws {
        let texts = Self.texts
        for (index, first) in texts.enumerated() {
            let second = texts[(index * 7 + 3) % texts.count]
            var joined = JSONWriter()
            joined.string(first, second, separator: 0x20)
            XCTAssertEqual(joined.bytes, plainlyQuoted(first + " " + second), "\(first.debugDescription) + \(second.debugDescription)")
            XCTAssertEqual(try readBack(joined.bytes), first + " " + second)
            var unseparated = JSONWriter()
            unseparated.string(first, second)
            XCTAssertEqual(unseparated.bytes, plainlyQuoted(first + second))
        }
    }

    /// The writer's own bytes (`WrittenBytes`, not an array) from the smallest room, grown many
    /// times over: every string as the plain escaper writes it, one after another, and a number
    /// written across a growth reads the right way round.
    func testAWriterGrownFromLittleRoomWritesWhatThePlainEscaperDoes() {
        var writer = JSONWriter(capacity: 0)
        var expected: [UInt8] = [0x5B]
        writer.array(Self.texts) { writer, text in writer.string(text) }
        for (index, text) in Self.texts.enumerated() { expected += (index > 0 ? [0x2C] : []) + plainlyQuoted(text) }
        expected.append(0x5D)
        XCTAssertEqual(writer.bytes, expected)
        for padding in 60...70 {
            var numbers = JSONWriter(capacity: 0)
            numbers.string(String(repeating: "p", count: padding))
            numbers.int(-1_234_567_890_123)
            XCTAssertEqual(String(decoding: numbers.bytes, as: UTF8.self), "\"" + String(repeating: "p", count: padding) + "\"-1234567890123")
        }
    }

    /// An answer written in place (`JSONWriter.bytes`) is the array the writer was lent when it
    /// filled at least three quarters of it; one that outgrew it, or left more than a quarter empty,
    /// is copied to its size. The bytes are the same either way.
    func testAnAnswerWrittenInPlaceIsKeptOnlyWhenItFillsItsRoom() {
        let room = 1000
        for length in [1, 100, 700, 740, 746, 748, 760, 900, 997, 998, 999, 1200, 5000] {
            let text = String(repeating: "x", count: length)
            var plain = JSONWriter(capacity: 16)
            plain.string(text)
            let written = JSONWriter.bytes(capacity: room) { $0.string(text) }
            XCTAssertEqual(written, plain.bytes, "\(length + 2) bytes")
            let inPlace = written.count <= room && written.count >= room - room / 4
            if inPlace {
                XCTAssertGreaterThanOrEqual(written.capacity, room, "\(written.count) bytes in a room of \(room) stay in it")
            } else if written.count < room {
                XCTAssertLessThan(written.capacity, room, "\(written.count) bytes in a room of \(room) are copied to their size")
            }
        }
        XCTAssertEqual(JSONWriter.bytes(capacity: 0) { $0.int(7) }, Array("7".utf8), "no room given is the smallest room")
    }

    func testTwoStringsInAnArrayTakeOneComma() {
        var writer = JSONWriter()
        writer.array([("a", "b"), ("c\"", "d")]) { writer, pair in writer.string(pair.0, pair.1, separator: 0x20) }
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), #"["a b","c\" d"]"#)
    }
}
