import ASCII
import Foundation
import Model

/// GIPHY's `YYYY-MM-DD HH:MM:SS` timestamps, read as UTC. "0000-00-00 00:00:00" and
/// "1970-01-01 00:00:00" are GIPHY's ways of saying "no date": both, and anything unreadable
/// or impossible (month 13), give nil.
enum GiphyDate {
    static func parse(_ text: String?) -> Date? {
        guard let text = text.flatMap(WhiteSpace.trimmed) else { return nil }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" })
        guard parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (numbers[0], numbers[1], numbers[2])
        (components.hour, components.minute, components.second) = (numbers[3], numbers[4], numbers[5])
        guard (1...12).contains(numbers[1]), (1...31).contains(numbers[2]), (0...23).contains(numbers[3]),
              (0...59).contains(numbers[4]), (0...60).contains(numbers[5]), (1970...9999).contains(numbers[0]),
              let date = utcCalendar.date(from: components),
              utcCalendar.component(.day, from: date) == numbers[2],  // rejects 2023-02-30
              date.timeIntervalSince1970 > 0 else { return nil }
        return date
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
