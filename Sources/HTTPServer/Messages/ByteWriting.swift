import ASCII

/// Text and numbers appended to bytes being written (an access line), without a string made on
/// the way: every log line passes here. (A response head is written presized: `ResponseHead`.)
extension Array where Element == UInt8 {
    /// The string's UTF-8 bytes, copied from its contiguous storage.
    mutating func appendUTF8(_ text: String) {
        text.withUTF8Bytes { append(contentsOf: $0) }
    }

    /// `number` in decimal, its digits written on the stack first, as `PresizedBytes` writes them.
    mutating func appendDecimal(_ number: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PresizedBytes.maxDecimalBytes) { buffer in
            var digits = PresizedBytes(buffer)
            digits.append(decimal: number)
            append(contentsOf: buffer[..<digits.count])
        }
    }
}
