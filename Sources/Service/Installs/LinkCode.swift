import Foundation

/// A one-time code that links a second device to an install: 10 symbols of Crockford's base32
/// (0-9 and A-Z without I, L, O, U), 50 random bits, shown as "XXXXX-XXXXX". Read back
/// forgivingly, as Crockford meant: any letter case, hyphens and spaces ignored, I and L read as
/// 1, O as 0. The server keeps only its SHA-256.
package struct LinkCode: Sendable, CustomStringConvertible {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    package static let length = 10
    /// How long a code works.
    package static let lifetime: TimeInterval = 600

    /// The code's symbols, without the hyphen.
    let symbols: String

    /// A new code: each symbol five bits of one random byte (32 divides 256, so each is uniform).
    static func make() -> LinkCode {
        LinkCode(symbols: String(decoding: SecureRandom.bytes(length).map { alphabet[Int($0 & 31)] }, as: UTF8.self))
    }

    private init(symbols: String) { self.symbols = symbols }

    /// The code in `text`, as a person may type it; nil for anything that is not one.
    package init?(reading text: String) {
        guard text.utf8.count <= 32 else { return nil }
        var symbols: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
            var upper = (byte >= 0x61 && byte <= 0x7A) ? byte - 0x20 : byte
            switch upper {
            case UInt8(ascii: "I"), UInt8(ascii: "L"): upper = UInt8(ascii: "1")
            case UInt8(ascii: "O"): upper = UInt8(ascii: "0")
            default: break
            }
            guard Self.alphabet.contains(upper) else { return nil }
            symbols.append(upper)
        }
        guard symbols.count == Self.length else { return nil }
        self.symbols = String(decoding: symbols, as: UTF8.self)
    }

    /// As shown to a person: two groups of five.
    package var text: String { "\(symbols.prefix(5))-\(symbols.suffix(5))" }

    /// What the store keeps.
    var hash: [UInt8] { SHA256.hash(symbols) }

    package var description: String { "LinkCode(not shown)" }
}
