import Primitives
import XCTest

/// A shared box holds its value as given, and whoever holds the box reads that one value: its
/// storage is neither copied into the box nor out of it.
final class SharedBoxTests: XCTestCase {
    func testTheValueIsSharedNotCopied() {
        let values = Array(0..<1_000)
        let box = SharedBox(values)
        let held: [SharedBox<[Int]>] = [box, box]
        XCTAssertTrue(held[0] === held[1])
        let given = values.withUnsafeBufferPointer { $0.baseAddress }
        for holder in held {
            XCTAssertEqual(holder.value.withUnsafeBufferPointer { $0.baseAddress }, given, "the same storage")
            XCTAssertEqual(holder.value, values)
        }
    }
}
