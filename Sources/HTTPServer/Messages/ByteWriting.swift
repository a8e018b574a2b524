/// Text and numbers appended to bytes being written (a response head, an access line), without a
/// string made on the way: every response and every log line passes here.
extension Array where Element == UInt8 {
    /// The string's UTF-8 bytes, copied from its contiguous storage.
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// `number` in decimal, its digits written in place.
    mutating func appendDecimal(_ number: Int) {
        if number < 0 { append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, on the stack
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }
}
