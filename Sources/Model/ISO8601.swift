import Foundation

/// Dates in our JSON are ISO 8601 strings in UTC ("2024-05-01T12:00:00Z"), whatever the
/// encoder's date strategy, so stored snapshots and responses agree. Their one precision is the
/// whole second: GIPHY's dates have no fraction, Unsplash's documented ones neither, and an item
/// must read back from our JSON exactly as it was made.
package enum ISO8601 {
    /// `date` without its fraction of a second (towards the past, as the written form reads).
    package static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    package static func string(from date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// What Foundation's `.iso8601` parse strategy reads `string` as. The form nearly every date
    /// is written in (ours, and Unsplash's `2023-07-02T13:19:11-04:00`) is read from its bytes;
    /// Foundation's parser was a twentieth of reading an Unsplash page.
    package static func date(from string: String) -> Date? {
        var string = string
        if let date = string.withUTF8({ InternetDate.plainDate(UnsafeRawBufferPointer($0)) }) { return date }
        return try? Date(string, strategy: .iso8601)
    }
}

/// `yyyy-MM-ddTHH:mm:ss` and `Z` or `±HH:mm` (RFC 3339 without a fraction), each number within
/// its range: dates Foundation's ISO 8601 parser reads the same way (a day past its month's end,
/// as 2023-02-30, counts on into the next month there as here). Any other text (a fraction, a
/// lowercase `z`, 24:00, a year before 1970, which Foundation reads leniently or refuses) is
/// left to Foundation.
package enum InternetDate {
    static func plainDate(_ utf8: UnsafeRawBufferPointer) -> Date? {
        guard utf8.count == 20 || utf8.count == 25 else { return nil }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":") else { return nil }
        guard let year = number(utf8, at: 0, digits: 4), let month = number(utf8, at: 5, digits: 2),
              let day = number(utf8, at: 8, digits: 2), let hour = number(utf8, at: 11, digits: 2),
              let minute = number(utf8, at: 14, digits: 2), let second = number(utf8, at: 17, digits: 2),
              (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 60,
              let offset = offsetSeconds(utf8) else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset))
    }

    /// East of UTC in seconds: 0 for `Z`, else `±HH:mm` up to 14 hours (the most any zone is).
    private static func offsetSeconds(_ utf8: UnsafeRawBufferPointer) -> Int? {
        if utf8.count == 20 { return utf8[19] == UInt8(ascii: "Z") ? 0 : nil }
        let sign = utf8[19]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), utf8[22] == UInt8(ascii: ":"),
              let hours = number(utf8, at: 20, digits: 2), let minutes = number(utf8, at: 23, digits: 2),
              hours <= 14, minutes < 60 else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "+") ? offset : -offset
    }

    /// The value of `digits` ASCII digits from `start`; nil when one is not a digit.
    private static func number(_ utf8: UnsafeRawBufferPointer, at start: Int, digits: Int) -> Int? {
        var value = 0
        for byte in utf8[start..<start + digits] {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Days from 1970-01-01 (proleptic Gregorian, as Foundation's calendar is after 1582; H.
    /// Hinnant's days_from_civil). A day past the month's end counts on into the next month.
    /// GIPHY's dates are counted with it too (`GiphyDate`).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = year / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
