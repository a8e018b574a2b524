/// The one rule for a link from an upstream that we pass on: clients put them in `href` and
/// `src`, so only http(s) links with a host go out (a `javascript:` link never does), kept
/// exactly as given (GIPHY's terms forbid rewriting its URLs, and Unsplash's carry the ixid it
/// counts by). Read as bytes: every media URL of every page passes here (Foundation's
/// URLComponents and trimming were a third of a cache miss's CPU).
public enum WebLink {
    /// `text` when it is `http://` or `https://` (scheme in any case) with a host, and holds no
    /// space or control character (such a link is not one a page can use as given); else nil.
    public static func checked(_ text: String) -> String? {
        var utf8 = text.utf8[...]
        guard utf8.count > 7 else { return nil }
        // "http" in any case, an optional "s", then "://".
        for letter in "http".utf8 {
            guard let byte = utf8.popFirst(), byte | 0x20 == letter else { return nil }
        }
        if utf8.first.map({ $0 | 0x20 }) == UInt8(ascii: "s") { utf8.removeFirst() }
        for byte in "://".utf8 {
            guard utf8.popFirst() == byte else { return nil }
        }
        // The host (after any user info) is what comes before the path, query or fragment.
        let authority = utf8.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let host = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        guard let first = host.first, first != UInt8(ascii: ":") else { return nil }
        return hasSpaceOrControl(text) ? nil : text
    }

    /// Any byte up to the space, or DEL; eight bytes at a time (media URLs are long).
    private static func hasSpaceOrControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var index = 0
            while index + 8 <= utf8.count {
                let word = UnsafeRawBufferPointer(utf8).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // A flag set means a true match (the lowest flag always is one).
                let below0x21 = (word &- ones &* 0x21) & ~word & highs
                let del = word ^ (ones &* 0x7F)
                if below0x21 | ((del &- ones) & ~del & highs) != 0 { return true }
                index += 8
            }
            return utf8[index...].contains { $0 <= 0x20 || $0 == 0x7F }
        }
    }
}
