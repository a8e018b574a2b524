import ASCII
import JSON
import Model

/// Reading an upstream's text and numbers by our rules: text trimmed of White_Space, links a
/// client may follow, numbers within what is believed (`UpstreamNumber`).
extension JSONValue {
    /// `text` without White_Space at either end; nil when nothing is left.
    package var meaningfulText: String? { text.flatMap(WhiteSpace.trimmed) }

    /// `meaningfulText` when it is a link a client may follow (`WebLink`); nil otherwise.
    package var webLink: String? { meaningfulText.flatMap(WebLink.checked) }

    /// `integer` when `range` holds it, else nil: an upstream's numbers are checked where they are
    /// read, against `UpstreamNumber`'s ranges.
    package func integer(in range: ClosedRange<Int>) -> Int? { range.believing(integer) }
}
