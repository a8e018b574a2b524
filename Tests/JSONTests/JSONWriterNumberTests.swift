import Foundation
import JSON
import XCTest

/// The writer's numbers with a fraction (`double`): their shortest text, read back as the same
/// Double by the one reader; what JSON cannot hold is null.
final class JSONWriterNumberTests: XCTestCase {
    private func written(_ values: [Double]) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("before")
            writer.int(1)
            writer.key("values")
            writer.array(values) { writer, value in writer.double(value) }
            writer.key("after")
            writer.double(0.5)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func testAFractionIsItsShortestTextBetweenCommas() {
        XCTAssertEqual(written([35.676192, 139.650311, -0.25, 2]), #"{"before":1,"values":[35.676192,139.650311,-0.25,2.0],"after":0.5}"#)
    }

    func testEveryFiniteDoubleReadsBackExactly() throws {
        let values: [Double] = [0, -0.0, 1e-7, 1e21, -1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, 0.1 + 0.2, 1 / 3, 9_007_199_254_740_992]
        let text = written(values)
        let read = try XCTUnwrap(JSONDocument.root(of: Data(text.utf8)), text)
        let numbers = try XCTUnwrap(read["values"]).elements.map(\.number)
        XCTAssertEqual(numbers.count, values.count)
        for (number, value) in zip(numbers, values) {
            XCTAssertEqual(number?.bitPattern, value.bitPattern, "\(value) is written as JSON that reads back as itself: \(text)")
        }
    }

    /// Integers are written digit by digit and turned round in place (no copy per number).
    func testEveryIntegerIsItsDecimalText() {
        let values = [0, 7, 10, 99, 100, 1_234_567, 1_000_000_000, -1, -10, -987, Int.max, Int.min, Int.min + 1]
        var writer = JSONWriter()
        writer.array(values) { writer, value in writer.int(value) }
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), "[" + values.map(String.init).joined(separator: ",") + "]")
    }

    func testNaNAndInfinityAreNull() throws {
        let text = written([.nan, .infinity, -.infinity, .signalingNaN])
        XCTAssertEqual(text, #"{"before":1,"values":[null,null,null,null],"after":0.5}"#)
        XCTAssertNotNil(JSONDocument.root(of: Data(text.utf8)), "still JSON")
    }
}
