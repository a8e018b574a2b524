/// An item's id as clients send it: a GIPHY id as is (1 to 64 ASCII letters and digits), or
/// another provider's id behind its name ("unsplash:" then 1 to 64 letters, digits, `-` or `_`).
package struct ItemID: Sendable, Hashable, CustomStringConvertible {
    package static let lengthRange = 1...64

    /// The id as written, prefix included: what favorites and answers carry.
    package let rawValue: String
    package let provider: ProviderName
    /// The upstream's own id, without our prefix.
    package let upstreamID: String

    /// The colon is looked for byte by byte, not as a Character (every detail request reads an
    /// id), and the parts are cut at its bytes: a colon inside a Character (after a prepending
    /// mark) ends no prefix, as the bytes before it then name no provider.
    package init?(_ text: String) {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            self.init(provider: .giphy, upstreamID: text)
            return
        }
        // GIPHY's ids carry no prefix, so "giphy:" would be a second spelling of one id.
        guard let provider = ProviderName(String(decoding: bytes[..<colon], as: UTF8.self)), provider != .giphy else { return nil }
        self.init(provider: provider, upstreamID: String(decoding: bytes[bytes.index(after: colon)...], as: UTF8.self))
    }

    /// Our id for an upstream's own one, as a provider's mapping writes it. Nil for an upstream id
    /// a client could not send back (a slash, a space, a character outside ASCII, too long): an
    /// item with such an id could be shown but never favorited or opened, so the mapping drops it.
    package init?(provider: ProviderName, upstreamID: String) {
        let allowsDashes = provider != .giphy
        guard Self.lengthRange.contains(upstreamID.utf8.count),
              upstreamID.utf8.allSatisfy({ Self.isLetterOrDigit($0) || (allowsDashes && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_"))) })
        else { return nil }
        rawValue = provider == .giphy ? upstreamID : "\(provider.rawValue):\(upstreamID)"
        self.provider = provider
        self.upstreamID = upstreamID
    }

    package var description: String { rawValue }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
