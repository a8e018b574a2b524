/// Text written as bytes into storage its caller sized beforehand for all of it (a String's or an
/// Array's uninitialized capacity): one allocation, and no capacity check or growth per part, for
/// what every request writes (a response head, a cache key). Writing past the storage stops the
/// program (checked in release builds too, where the buffer's own checks are not): the caller's
/// size was wrong, and memory beyond it is never written.
public struct PresizedBytes {
    public let storage: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far, from the start of `storage`; moved only by the writes below.
    @usableFromInline var written = 0
    @inlinable public var count: Int { written }

    @inlinable
    public init(_ storage: UnsafeMutableBufferPointer<UInt8>) { self.storage = storage }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        precondition(count < storage.count, "PresizedBytes: more bytes than the storage was sized for")
        storage[count] = byte
        written += 1
    }

    @inlinable
    public mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes in
            precondition(bytes.count <= storage.count - count, "PresizedBytes: more bytes than the storage was sized for")
            guard let source = bytes.baseAddress, let target = storage.baseAddress else { return }
            (target + count).initialize(from: source, count: bytes.count)
            written += bytes.count
        }
    }

    @inlinable
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inlinable
    public mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
        precondition(source.count <= storage.count - count, "PresizedBytes: more bytes than the storage was sized for")
        guard let from = source.baseAddress, let target = storage.baseAddress else { return }
        (target + count).initialize(from: from, count: source.count)
        written += source.count
    }

    /// Room `append(decimal:)` needs at most: a sign and 19 digits. Inlinable: every response
    /// head is sized with it, in another module.
    @inlinable public static var maxDecimalBytes: Int { 20 }

    /// `number` in decimal, without a string made for it.
    @inlinable
    public mutating func append(decimal number: Int) {
        if number < 0 { append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        precondition(digits <= storage.count - count, "PresizedBytes: more bytes than the storage was sized for")
        rest = number.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            storage[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        written += digits
    }
}
