import Foundation

/// Times are stored as whole milliseconds since 1970 (INTEGER), which sort exactly.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        // Dates far outside Int64's range (or NaN) are clamped rather than trapping.
        guard milliseconds.isFinite else { return 0 }
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? Int64.min : Int64.max)
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
