import Model
import Foundation

/// One GIF shown until `changesAt`, with the seconds left until then.
public struct Spotlight: Equatable, Sendable {
    public let item: Item
    public let changesAt: Date
    public let secondsLeft: Int
    /// True when it was time to change but the upstream failed, so the old pick stays.
    public let stale: Bool?
    /// Picked by this request (an upstream call was made); not part of the body.
    public let pickedNow: Bool

    public init(item: Item, changesAt: Date, secondsLeft: Int, stale: Bool?, pickedNow: Bool) {
        self.item = item
        self.changesAt = changesAt
        self.secondsLeft = secondsLeft
        self.stale = stale
        self.pickedNow = pickedNow
    }
}
