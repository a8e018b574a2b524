/// Text read as bytes where only ASCII matters (header names, the Host allowlist, the cache key's folding):
/// these run on every request, where Foundation's Unicode-aware lowercasing costs microseconds.
public enum ASCIIByte {
    /// `A`-`Z` to `a`-`z`; every other byte, UTF-8 continuation bytes included, as it is.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
