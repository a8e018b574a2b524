import ASCII
import Foundation
import JSON
import Model
import ProviderHTTP

/// GIPHY's `YYYY-MM-DD HH:MM:SS` timestamps, read as UTC. "0000-00-00 00:00:00" and
/// "1970-01-01 00:00:00" are GIPHY's ways of saying "no date": both, and anything unreadable
/// or impossible (month 13), give nil.
enum GiphyDate {
    /// Every GIF of a page has two of these: read as bytes and counted in days (the Gregorian
    /// calendar's arithmetic), since splitting Characters and asking Foundation's Calendar was a
    /// twentieth of a cache miss's CPU. The rule is the one Calendar applied: six numbers
    /// separated by runs of "-", " ", ":" or "T", each digits with an optional "+", within their
    /// ranges; a day past its month's end, or a second 60 carried into the next day, is refused.
    static func parse(_ text: String?) -> Date? {
        guard var text = text.flatMap(WhiteSpace.trimmed) else { return nil }
        return text.withUTF8 { parse(trimmed: UnsafeRawBufferPointer($0)) }
    }

    /// The same for a JSON value (a string; a number is no date), read on its bytes in place
    /// when it can be: the two dates of every GIF were two Strings made only to be read here.
    static func parse(_ value: JSONView) -> Date? {
        if let inPlace = value.withMeaningfulBytes(parse(trimmed:)) { return inPlace }
        return parse(value.meaningfulText)
    }

    /// The date of text trimmed of White_Space, as UTF-8 bytes.
    private static func parse(trimmed utf8: UnsafeRawBufferPointer) -> Date? {
        guard let numbers = sixNumbers(utf8) else { return nil }
        let (year, month, day) = (numbers.0, numbers.1, numbers.2)
        let (hour, minute, second) = (numbers.3, numbers.4, numbers.5)
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
              (0...60).contains(second), (1970...9999).contains(year) else { return nil }
        let seconds = InternetDate.daysSince1970(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        // A day the month does not have (2023-02-30) lands in the next month; 23:59:60 in the next day.
        guard seconds > 0, dayOfMonth(daysSince1970: seconds / 86400) == day else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The six numbers, or nil when the text is not six runs of digits (each with an optional
    /// "+") between separators. A number too long to matter is kept as a large one (out of range).
    private static func sixNumbers(_ utf8: UnsafeRawBufferPointer) -> (Int, Int, Int, Int, Int, Int)? {
        var numbers = (0, 0, 0, 0, 0, 0)
        var count = 0
        var index = 0
        while index < utf8.count {
            if isSeparator(utf8[index]) {
                index += 1
                continue
            }
            if utf8[index] == UInt8(ascii: "+") { index += 1 }
            var value = 0
            var digits = 0
            while index < utf8.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
                value = min(value * 10 + Int(utf8[index] - UInt8(ascii: "0")), 1_000_000)
                digits += 1
                index += 1
            }
            guard digits > 0, index == utf8.count || isSeparator(utf8[index]) else { return nil }
            switch count {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            case 4: numbers.4 = value
            case 5: numbers.5 = value
            default: return nil
            }
            count += 1
        }
        return count == 6 ? numbers : nil
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "T")
    }

    /// The day of the month of a day counted from 1970-01-01 (not before it; civil_from_days).
    private static func dayOfMonth(daysSince1970 days: Int) -> Int {
        let shifted = days + 719_468
        let dayOfEra = shifted - (shifted / 146_097) * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        return dayOfYear - (153 * monthIndex + 2) / 5 + 1
    }
}
