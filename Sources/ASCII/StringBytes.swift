extension String {
    /// Calls `body` with the string's UTF-8 bytes, read where they are. `withUTF8` is mutating, so
    /// callers copied the string into a `var` first: a retain and a release of its storage each
    /// time, on every header compared and every field written. A native string (anything built
    /// here or read off a socket) is contiguous already; another is made so once, on a copy.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
