import DemoCatalog
import Foundation

/// Odd JSON for the differential tests of the one-pass readers (GIPHY's GIFs, Unsplash's photos):
/// members left out, keys escaped, repeated with another value further on, and now and then a
/// string that is not UTF-8. Each provider's test draws its own objects from its own value pools.
package struct OddJSON: Sendable {
    /// One member in this many is left out.
    let leftOutOneIn: Int
    /// The value (JSON text) a repeated key is given, one of the provider's links.
    let repeatedLink: String

    package init(leftOutOneIn: Int, repeatedLink: String) {
        self.leftOutOneIn = leftOutOneIn
        self.repeatedLink = repeatedLink
    }

    /// Texts of every kind a text field may hold (JSON text): padded, blank, escaped, not strings.
    package static let texts = [#""abc123""#, #"" padded ""#, #""""#, #""  ""#, #""Caf\u00e9""#, #""Café 😀""#, "123", "12.5", "2e1",
                                "null", "true", "[]", "{}", #""a\"b""#, #""\u00a0x\u00a0""#, #""G""#, #""x\ny""#]
    /// Values where an object belongs.
    package static let odd = ["null", "[]", #""x""#, "7", "{}"]

    /// An object of `members`, some left out, some keys escaped, some repeated (with another value) further on.
    package func object(_ members: [(String, [UInt8])], _ random: inout SeededGenerator) -> [UInt8] {
        var written: [[UInt8]] = []
        for (key, value) in members where !random.chance(leftOutOneIn) {
            written.append(Self.member(key, value, &random))
            if random.chance(12) { written.append(Self.member(key, Array(repeatedLink.utf8), &random)) }
            if random.chance(12) { written.append(Self.member(key, Array("null".utf8), &random)) }
        }
        return Array("{".utf8) + Array(written.joined(separator: Array(",".utf8))) + Array("}".utf8)
    }

    static func member(_ key: String, _ value: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        // An escaped key: its first letter as \u00XX.
        let escaped = random.chance(10) ? String(format: "\\u%04x", key.utf8.first.map(Int.init) ?? 0) + key.dropFirst() : key
        return Array("\"\(escaped)\":".utf8) + value
    }

    /// One of `pool` (JSON texts), now and then a string with a byte that is not UTF-8 instead.
    package static func value(_ pool: [String], _ random: inout SeededGenerator) -> [UInt8] {
        if random.chance(40) { return Array(#""https://a/"#.utf8) + [0xC3] + Array("\"".utf8) }
        return Array(pool[random.below(pool.count)].utf8)
    }
}

extension SeededGenerator {
    /// True once in `odds` draws.
    package mutating func chance(_ odds: Int) -> Bool { below(odds) == 0 }
}
