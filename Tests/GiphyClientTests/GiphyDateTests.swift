import ASCII
import Foundation
@testable import GiphyClient
import XCTest

/// GiphyDate counts days itself (issue 34 item 3: Foundation's Calendar and splitting Characters
/// were a twentieth of a cache miss's CPU); it must read every text as the Calendar rule did.
final class GiphyDateTests: XCTestCase {
    /// The rule as it was written with Foundation's Calendar: the reference.
    private static func byCalendar(_ text: String) -> Date? {
        guard let text = WhiteSpace.trimmed(text) else { return nil }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" })
        guard parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let components = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2],
                                        hour: numbers[3], minute: numbers[4], second: numbers[5])
        guard (1...12).contains(numbers[1]), (1...31).contains(numbers[2]), (0...23).contains(numbers[3]),
              (0...59).contains(numbers[4]), (0...60).contains(numbers[5]), (1970...9999).contains(numbers[0]),
              let date = calendar.date(from: components), calendar.component(.day, from: date) == numbers[2],
              date.timeIntervalSince1970 > 0 else { return nil }
        return date
    }

    func testEdgesReadAsTheCalendarReadThem() {
        let texts = [
            "2021-05-06 19:22:20", "2021-05-06T19:22:20", " 2021-05-06 19:22:20 ", "2021--05-06  19:22:20",
            "-2021-05-06 19:22:20-", "+2021-+05-06 19:22:20", "2021-++05-06 19:22:20", "2021-5-6 1:2:3",
            "02021-05-06 19:22:20", "1970-01-01 00:00:00", "1970-01-01 00:00:01", "0000-00-00 00:00:00",
            "9999-12-31 23:59:59", "9999-12-31 23:59:60", "10000-01-01 00:00:00", "1969-12-31 23:59:59",
            "2023-02-29 00:00:00", "2024-02-29 00:00:00", "2024-02-30 00:00:00", "2100-02-29 12:00:00",
            "2000-02-29 12:00:00", "2023-04-31 00:00:00", "2023-01-31 23:59:60", "2023-01-31 22:59:60",
            "2023-12-31 23:59:60", "2023-13-01 00:00:00", "2023-00-10 00:00:00", "2023-01-00 00:00:00",
            "2023-01-32 00:00:00", "2023-01-01 24:00:00", "2023-01-01 00:60:00", "2023-01-01 00:00:61",
            "2023-01-01 00:00", "2023-01-01 00:00:00:00", "2023-01-01 00:00:0x", "2023-01-01 00:00:+",
            "2023-01-01 00:00:1+2", "2023/01/01 00:00:00", "2023-01-01t00:00:00", "２０２３-01-01 00:00:00",
            "2023-\u{301}01-01 00:00:00", "99999999999999999999999-01-01 00:00:00", "yesterday", "", "-", "+",
        ]
        for text in texts {
            XCTAssertEqual(GiphyDate.parse(text), Self.byCalendar(text), text)
        }
    }

    func testRandomTimestampsReadAsTheCalendarReadThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = String(format: "%04d-%02d-%02d %02d:%02d:%02d",
                              Int.random(in: 1965...10_001, using: &generator), Int.random(in: 0...13, using: &generator),
                              Int.random(in: 0...32, using: &generator), Int.random(in: 0...24, using: &generator),
                              Int.random(in: 0...60, using: &generator), Int.random(in: 0...61, using: &generator))
            XCTAssertEqual(GiphyDate.parse(text), Self.byCalendar(text), text)
        }
    }
}
