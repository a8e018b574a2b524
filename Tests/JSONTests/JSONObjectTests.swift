import Foundation
import JSON
import XCTest

/// The one reader read strictly (what the server wrote itself) and the one writer's escaping.
final class JSONObjectTests: XCTestCase {
    private func object(_ text: String) throws -> JSONObject { try JSONObject(parsing: Data(text.utf8)) }

    func testMembersAreReadByTypeAndNullIsAbsent() throws {
        let read = try object(#"{"s":"text","n":12,"b":true,"null":null,"a":[1,2],"o":{"x":"y"}}"#)
        XCTAssertEqual(try read.string("s"), "text")
        XCTAssertEqual(try read.int("n", in: 0...100), 12)
        XCTAssertEqual(try read.optionalBool("b"), true)
        XCTAssertNil(try read.optionalString("null"), "null is no value")
        XCTAssertNil(try read.optionalString("absent"))
        XCTAssertEqual(try read.array("a").compactMap(\.exactInteger), [1, 2])
        XCTAssertEqual(try read.optionalObject("o")?.string("x"), "y")
    }

    func testAMemberOfTheWrongTypeOrPastItsRangeIsAnError() throws {
        let read = try object(#"{"n":"12","f":1.5,"e":1e3,"big":9223372036854775808,"s":7,"wide":100}"#)
        XCTAssertThrowsError(try read.int("n", in: 0...100), "a number as text is an upstream's habit, not ours")
        XCTAssertThrowsError(try read.int("f", in: 0...100))
        XCTAssertThrowsError(try read.int("e", in: 0...10_000))
        XCTAssertThrowsError(try read.int("big", in: 0...Int.max))
        XCTAssertThrowsError(try read.string("s"))
        XCTAssertThrowsError(try read.int("wide", in: 0...99))
        XCTAssertThrowsError(try read.string("missing"))
        XCTAssertThrowsError(try object("[1]"), "not an object")
        XCTAssertThrowsError(try object("{"), "not JSON")
    }

    func testTheWriterEscapesWhatJSONCannotHoldAndDELAndNothingElse() throws {
        var bytes: [UInt8] = []
        JSONWriter.appendQuoted("a\"b\\c\u{0}\u{1F}\u{7F}/é😀\n\t", to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), #""a\"b\\c\u0000\u001f\u007f/é😀\n\t""#)
        // Long runs go eight bytes at a time: the escape is found wherever it falls.
        for position in 0..<20 {
            var text = Array(repeating: "x", count: 20)
            text[position] = "\u{7F}"
            var out: [UInt8] = []
            JSONWriter.appendQuoted(text.joined(), to: &out)
            let read = try XCTUnwrap(JSONDocument.root(of: Data(#"{"k":"#.utf8 + out + "}".utf8))?["k"]?.string)
            XCTAssertEqual(read, text.joined(), "DEL at \(position) reads back")
            XCTAssertEqual(out.filter { $0 == 0x7F }.count, 0)
        }
    }
}
