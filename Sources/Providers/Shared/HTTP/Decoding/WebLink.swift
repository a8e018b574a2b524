import ASCII

/// The one rule for a link from an upstream that we pass on: clients put them in `href` and
/// `src`, so only http(s) links with a host go out (a `javascript:` link never does), kept
/// exactly as given (GIPHY's terms forbid rewriting its URLs, and Unsplash's carry the ixid it
/// counts by). Read as bytes: every media URL of every page passes here (Foundation's
/// URLComponents and trimming were a third of a cache miss's CPU).
package enum WebLink {
    /// `text` when it is `http://` or `https://` (scheme in any case) with a host, and holds no
    /// space or control character (such a link is not one a page can use as given); else nil.
    package static func checked(_ text: String) -> String? {
        var text = text
        // One pass over the bytes themselves: a Substring's UTF-8 view was half of this rule's cost.
        let usable = text.withUTF8 { isUsable(UnsafeRawBufferPointer($0)) }
        return usable ? text : nil
    }

    /// The rule of `checked` on a link's UTF-8 bytes, so that a link read from JSON is made a
    /// String only once it passes (`JSONValue.webLink`).
    package static func isUsable(_ bytes: UnsafeRawBufferPointer) -> Bool {
        hasLinkShape(bytes) && !hasSpaceOrControl(bytes)
    }

    /// `isUsable` but for its space and control check: for bytes already known to have none
    /// (`JSONView.withVisibleASCIIBytes`).
    package static func hasLinkShape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 7 else { return false }
        var index = 0
        // "http" in any case, an optional "s", then "://".
        for letter in "http".utf8 {
            guard bytes[index] | 0x20 == letter else { return false }
            index += 1
        }
        if bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        for byte in "://".utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        let host = hostBounds(bytes, from: index)
        return host.lowerBound < host.upperBound && bytes[host.lowerBound] != UInt8(ascii: ":")
    }

    /// The host (after any user info): what comes before the path, query or fragment. Read
    /// sixteen bytes a step while they hold no "@" (a media host, "media0.giphy.com", has none),
    /// else byte by byte from its start.
    private static func hostBounds(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Range<Int> {
        var blockStart = start
        while blockStart + 16 <= bytes.count {
            let block = bytes.loadUnaligned(fromByteOffset: blockStart, as: SIMD16<UInt8>.self)
            // Compared with vectors, not scalars: the standard library compares those lane by lane.
            let userInfo = ByteBlock.words(block .== SIMD16(repeating: UInt8(ascii: "@")))
            if userInfo.0 | userInfo.1 != 0 { break }
            let ends = ByteBlock.words(block .== SIMD16(repeating: UInt8(ascii: "/")) .| block .== SIMD16(repeating: UInt8(ascii: "?"))
                .| block .== SIMD16(repeating: UInt8(ascii: "#")))
            if ends.0 | ends.1 != 0 {
                return start..<blockStart + (ends.0 != 0 ? ends.0.trailingZeroBitCount >> 3 : 8 + ends.1.trailingZeroBitCount >> 3)
            }
            blockStart += 16
        }
        var hostStart = start
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            if bytes[end] == UInt8(ascii: "@") { hostStart = end + 1 }
            end += 1
        }
        return hostStart..<end
    }

    /// Any byte up to the space, or DEL; eight bytes at a time (media URLs are long).
    private static func hasSpaceOrControl(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A flag set means a true match (the lowest flag always is one).
            let below0x21 = (word &- ones &* 0x21) & ~word & highs
            let del = word ^ (ones &* 0x7F)
            if below0x21 | ((del &- ones) & ~del & highs) != 0 { return true }
            index += 8
        }
        return bytes[index...].contains { $0 <= 0x20 || $0 == 0x7F }
    }
}
