import ASCII
import JSON
import Model

/// Reading an upstream's text and numbers by our rules: text trimmed of White_Space, links a
/// client may follow, numbers within what is believed (`UpstreamNumber`).
extension JSONView {
    /// `text` without White_Space at either end; nil when nothing is left.
    package var meaningfulText: String? {
        if let inPlace = withMeaningfulBytes({ String(decoding: $0, as: UTF8.self) }) { return inPlace }
        return text.flatMap(WhiteSpace.trimmed)
    }

    /// `meaningfulText` when it is a link a client may follow (`WebLink`); nil otherwise. Most
    /// links are checked on their bytes and made a String only once they pass (a page holds
    /// hundreds of links).
    package var webLink: String? {
        // Visible ASCII (as the parser found) needs no check for spaces and control characters.
        if let visible = withVisibleASCIIBytes({ WebLink.hasLinkShape($0) ? String(decoding: $0, as: UTF8.self) : nil }) { return visible }
        if let inPlace = withMeaningfulBytes({ WebLink.isUsable($0) ? String(decoding: $0, as: UTF8.self) : nil }) { return inPlace }
        return meaningfulText.flatMap(WebLink.checked)
    }

    /// `body` given the UTF-8 bytes of `webLink` when there is one, read in place when they can be
    /// (no String made: a mapping appends them to `Renditions`' buffer); whether there was one.
    /// Bytes read in place may be invalid UTF-8 (as sent), which the taker repairs; `body`'s second
    /// argument says they are known valid (visible ASCII as the reader found, or a String's), so
    /// the taker need not check them again.
    package func withWebLinkBytes(_ body: (UnsafeRawBufferPointer, _ isValidUTF8: Bool) -> Void) -> Bool {
        // Non-generic, and each branch decided once it applies, as `webLink` decides it.
        if let isLink = withVisibleASCIIBytes({ bytes -> Bool in
            guard WebLink.hasLinkShape(bytes) else { return false }
            body(bytes, true)
            return true
        }) { return isLink }
        if let isLink = withMeaningfulBytes({ bytes -> Bool in
            guard WebLink.isUsable(bytes) else { return false }
            body(bytes, false)
            return true
        }) { return isLink }
        guard var link = meaningfulText.flatMap(WebLink.checked) else { return false }
        link.withUTF8 { body(UnsafeRawBufferPointer($0), true) }
        return true
    }

    /// `integer` when `range` holds it, else nil: an upstream's numbers are checked where they are
    /// read, against `UpstreamNumber`'s ranges.
    package func integer(in range: ClosedRange<Int>) -> Int? { range.believing(integer) }

    /// `body` given a string's bytes in place when they are already its `meaningfulText`: no
    /// escape, and a visible ASCII byte at either end (so no White_Space to trim); nil otherwise.
    /// Checked, then read: a `withUnescapedBytes` giving an `R?` made `R?`'s metadata at run time
    /// on each call from another module (GIPHY's dates: ~0.8% of a cache miss, issue 46 item 7).
    package func withMeaningfulBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard withUnescapedBytes(Self.isTrimmed) == true else { return nil }
        return withUnescapedBytes(body)
    }

    private static func isTrimmed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return isVisibleASCII(first) && isVisibleASCII(last)
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}

extension JSONValue {
    /// `JSONView.meaningfulText`.
    package var meaningfulText: String? { withView { $0.meaningfulText } }

    /// `JSONView.webLink`.
    package var webLink: String? { withView { $0.webLink } }

    /// `JSONView.integer(in:)`.
    package func integer(in range: ClosedRange<Int>) -> Int? { range.believing(integer) }
}
