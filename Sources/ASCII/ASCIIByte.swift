/// Text read as bytes where only ASCII matters (header names, the Host allowlist, the cache key's folding):
/// these run on every request, where Foundation's Unicode-aware lowercasing costs microseconds.
public enum ASCIIByte {
    /// `A`-`Z` to `a`-`z`; every other byte, UTF-8 continuation bytes included, as it is.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// A hexadecimal digit's value, either case (percent escapes, chunk sizes, JSON's `\u`,
    /// PostgreSQL's bytea); nil for any other byte.
    @inlinable
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
