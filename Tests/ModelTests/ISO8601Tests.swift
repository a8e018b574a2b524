import Foundation
import Model
import XCTest

/// `ISO8601.date(from:)` reads the usual form from its bytes and leaves the rest to Foundation:
/// either way, every text reads as Foundation's `.iso8601` parse strategy reads it.
final class ISO8601Tests: XCTestCase {
    private func foundation(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    func testTheFormsUnsplashAndWeWriteAreRead() {
        let cases: [(String, Double)] = [
            ("2023-07-02T13:19:11-04:00", 1_688_318_351), ("2023-07-02T17:19:01Z", 1_688_318_341),
            ("2023-07-02T17:19:01+00:00", 1_688_318_341), ("2023-07-02T17:19:01-00:00", 1_688_318_341),
            ("2023-07-02T23:59:59+14:00", 1_688_291_999), ("2023-07-02T17:19:01+05:30", 1_688_298_541),
            ("2024-02-29T00:00:00Z", 1_709_164_800), ("1970-01-01T00:00:00Z", 0), ("1970-01-01T00:30:00+01:00", -1800),
            ("9999-12-31T23:59:59Z", 253_402_300_799), ("2000-03-01T00:00:00Z", 951_868_800),
            ("2000-02-29T12:00:00Z", 951_825_600), ("2100-02-29T00:00:00Z", 4_107_542_400), ("2023-04-31T00:00:00Z", 1_682_899_200),
        ]
        for (text, seconds) in cases {
            XCTAssertEqual(ISO8601.date(from: text), Date(timeIntervalSince1970: seconds), text)
            XCTAssertEqual(ISO8601.date(from: text), foundation(text), text)
        }
    }

    /// What the byte reader leaves to Foundation reads as Foundation reads it: leniently (a day
    /// past its month's end, 24:00, a lowercase z, a fraction) or not at all.
    func testOtherFormsReadAsFoundationReadsThem() {
        for text in ["2023-02-29T00:00:00Z", "2023-04-31T00:00:00Z", "2023-07-02T24:00:00Z", "2023-07-02T23:60:00Z",
                     "2023-07-02T23:59:60Z", "2023-07-02T17:19:01z", "2023-07-02T17:19:01.123Z", "2023-07-02T17:19:01+0530",
                     "2023-07-02T17:19:01+05", "2023-07-02T17:19:01+23:59", "2023-07-02T17:19:01+05:60", "1969-12-31T23:59:59Z",
                     "1500-03-01T00:00:00Z", "0001-01-01T00:00:00Z", "2023-13-01T00:00:00Z", "2023-00-02T17:19:01Z",
                     "2023-07-00T17:19:01Z", "2023-07-02t17:19:01Z", "2023-07-02 17:19:01Z", "2023-07-02T17:19:01",
                     "2023-07-02T17:19:01ZX", "2023-07-02T17:19:01GMT", "2023-7-02T17:19:01Z", "+2023-07-02T17:19:01Z",
                     " 2023-07-02T17:19:01Z", "2023-07-02T17:19:01+00:00:00", "", "2023-07-02", "２023-07-02T17:19:01Z"] {
            XCTAssertEqual(ISO8601.date(from: text), foundation(text), text.debugDescription)
        }
    }

    /// Thousands of texts of the usual shape, each number anywhere in (and past) its range, each
    /// byte now and then replaced: the same dates as Foundation's.
    func testEveryTextOfTheUsualShapeReadsAsFoundationReadsIt() {
        var generator = SystemRandomNumberGenerator()
        func two(_ range: ClosedRange<Int>) -> String {
            let value = Int.random(in: range, using: &generator)
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let replacements: [Character] = ["0", "9", "-", "+", ":", "T", "Z", "z", " ", "/", "a", "é"]
        for round in 0..<3000 {
            let year = String(Int.random(in: [1000...1969, 1970...2100, 9990...9999].randomElement(using: &generator) ?? 1970...2100, using: &generator))
            let zone = [
                "Z", "+" + two(0...16) + ":" + two(0...61), "-" + two(0...16) + ":" + two(0...61),
            ].randomElement(using: &generator) ?? "Z"
            var text = Array(year + "-" + two(0...13) + "-" + two(0...32) + "T" + two(0...24) + ":" + two(0...60) + ":" + two(0...60) + zone)
            if round % 3 == 0, let place = text.indices.randomElement(using: &generator),
               let replacement = replacements.randomElement(using: &generator) {
                text[place] = replacement
            }
            let string = String(text)
            XCTAssertEqual(ISO8601.date(from: string), foundation(string), string)
        }
    }
}
