import Foundation

/// One GIF shown until `changesAt`, with the seconds left until then.
public struct Spotlight: Encodable, Equatable, Sendable {
    public let gif: GIF
    public let changesAt: Date
    public let secondsLeft: Int
    /// True when it was time to change but the upstream failed, so the old pick stays.
    public let stale: Bool?
    /// Picked by this request (an upstream call was made); not part of the body.
    public let pickedNow: Bool

    enum CodingKeys: String, CodingKey {
        case gif
        case changesAt = "changes_at"
        case secondsLeft = "seconds_left"
        case stale
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gif, forKey: .gif)
        try container.encode(ISO8601.string(from: changesAt), forKey: .changesAt)
        try container.encode(secondsLeft, forKey: .secondsLeft)
        try container.encodeIfPresent(stale, forKey: .stale)
    }
}
