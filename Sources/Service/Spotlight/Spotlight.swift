import Model
import Foundation

/// One GIF shown until `changesAt`, with the seconds left until then.
package struct Spotlight: Equatable, Sendable {
    package let item: Item
    package let changesAt: Date
    package let secondsLeft: Int
    /// True when it was time to change but the upstream failed, so the old pick stays.
    package let stale: Bool?
    /// Picked by this request (an upstream call was made); not part of the body.
    package let pickedNow: Bool

    package init(item: Item, changesAt: Date, secondsLeft: Int, stale: Bool?, pickedNow: Bool) {
        self.item = item
        self.changesAt = changesAt
        self.secondsLeft = secondsLeft
        self.stale = stale
        self.pickedNow = pickedNow
    }
}
