/// The numbers an upstream sends (counts, totals, offsets, sizes) are any JSON number: GIPHY's
/// `pagination.count` of 2^63-1 once made the next offset overflow, and the page was already in
/// the cache. Each is believed only within one of these ranges, checked where it is read (the
/// providers' readers, the cache's decoding); outside it the value is left out. Two believed
/// numbers added or multiplied still fit an `Int`, so no arithmetic on them can trap.
package enum UpstreamNumber {
    /// Items counted: a page's count, a pool's total, an offset.
    package static let count = 0...Int(Int32.max)
    /// What must be positive to mean anything: pixels, bytes, likes, an ISO speed.
    package static let positive = 1...Int(Int32.max)
    /// An HTTP status, in a status line or in GIPHY's `meta.status`.
    package static let httpStatus = 100...999
    /// Seconds an upstream may ask us to wait (`Retry-After`): an hour at most is believed as is,
    /// longer is an hour.
    package static let retryAfterSeconds = 0...3_600
}

extension ClosedRange where Bound == Int {
    /// `value` when it lies in this range, else nil.
    package func believing(_ value: Int?) -> Int? {
        guard let value, contains(value) else { return nil }
        return value
    }
}
