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

    package static func date(from string: String) -> Date? {
        try? Date(string, strategy: .iso8601)
    }
}
