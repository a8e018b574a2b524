import ASCII
import XCTest

/// What is written into presized storage reads back as the same bytes, in order, and the count
/// follows every write.
final class PresizedBytesTests: XCTestCase {
    private func written(capacity: Int, _ write: (inout PresizedBytes) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var bytes = PresizedBytes(buffer)
            write(&bytes)
            count = bytes.count
        }
    }

    func testEachKindOfWriteLandsAfterTheLast() {
        let bytes = written(capacity: 64) { bytes in
            bytes.append(UInt8(ascii: "<"))
            bytes.append("caf\u{E9} ")
            bytes.append(contentsOf: Array("GIF".utf8))
            bytes.append(decimal: 0)
            bytes.append(contentsOf: [UInt8]())
            bytes.append("")
            bytes.append(UInt8(ascii: ">"))
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "<caf\u{E9} GIF0>")
    }

    func testDecimalsAreWhatDescriptionWrites() {
        for number in [0, 1, 9, 10, 99, 100, 1_234_567, -1, -10, -987, Int.max, Int.min] {
            let bytes = written(capacity: PresizedBytes.maxDecimalBytes) { $0.append(decimal: number) }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), number.description)
        }
        XCTAssertEqual(Int.min.description.utf8.count, PresizedBytes.maxDecimalBytes, "the longest fits exactly")
    }

    func testTextLongerThanASmallStringIsWrittenWhole() {
        let text = String(repeating: "\u{E9}a", count: 100)
        XCTAssertEqual(text.withUTF8Bytes { Array($0) }, Array(text.utf8))
        let bytes = written(capacity: text.utf8.count) { $0.append(text) }
        XCTAssertEqual(bytes, Array(text.utf8))
    }
}
