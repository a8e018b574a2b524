/// Sixteen bytes tested at once: a compare of each kind is one vector instruction for all of
/// them. For the scans every upstream page and every answer goes through (the JSON reader's
/// strings, the writer's escapes, a link's host), where most runs of bytes hold nothing to stop at.
public enum ByteBlock {
    /// The lanes of `mask` (each a byte of all ones or all zeros) as two words, the first lane
    /// lowest. The standard library's `any` and a mask's lanes test one lane at a time.
    @inlinable
    public static func words(_ mask: SIMDMask<SIMD16<Int8>>) -> (UInt64, UInt64) {
        let lanes = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: lanes[0]), UInt64(littleEndian: lanes[1]))
    }

    /// The first lane of `mask` that is set (0...15); nil when none is.
    @inlinable
    public static func firstSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
        let (low, high) = words(mask)
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        if high != 0 { return 8 + high.trailingZeroBitCount >> 3 }
        return nil
    }
}
