import ASCII
/// Writes JSON straight into bytes: the one JSON writer of the server, for the answers sent most
/// often (pages of GIFs), stored snapshots, problem bodies and JSON log lines alike, and for the
/// fake upstreams' bodies. Keys are written in the order the callers write them, fixed in code, so
/// equal values always give equal bytes (and ETags): sorted in items and pages, RFC 9457's order in
/// problems, GIPHY's and Unsplash's own order in the fakes.
package struct JSONWriter: ~Copyable {
    /// Written into memory of its own (`WrittenBytes`), not an array: one writer, not copyable.
    private var written: WrittenBytes
    /// What is written so far, as an array of its own.
    package var bytes: [UInt8] { written.array }
    /// Whether the innermost open object or array has a member yet (so a comma is due); false
    /// at the top level. Kept apart from `outer` so writing a member touches no array.
    private var commaDue = false
    /// `commaDue` of each object or array around the innermost open one, one per open one.
    private var outer: [Bool] = []

    package init(capacity: Int = 1024) { written = WrittenBytes(capacity: capacity) }

    private init(lentTo storage: UnsafeMutableBufferPointer<UInt8>) { written = WrittenBytes(lentTo: storage) }

    /// What `write` writes, as an array written in place: the writer is lent the storage of an
    /// array of `capacity` bytes, and that array is the answer when it held everything and is at
    /// least three quarters full (the bytes are not copied out, as `bytes` copies them). Otherwise
    /// they are copied once, to an array of their size: answers are kept in caches, whose room is
    /// counted in bytes, so an answer holds at most a third more memory than its bytes.
    package static func bytes(capacity: Int = 1024, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var copied: [UInt8]?
        let written = [UInt8](unsafeUninitializedCapacity: max(64, capacity)) { storage, initialized in
            var writer = JSONWriter(lentTo: storage)
            write(&writer)
            if writer.written.isInLentStorage, writer.written.count >= storage.count - storage.count / 4 {
                initialized = writer.written.count
            } else {
                copied = writer.bytes
            }
        }
        return copied ?? written
    }

    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        written.append(0x7B)
        open()
        body(&self)
        close()
        written.append(0x7D)
    }

    package mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        separate()
        written.append(0x5B)
        open()
        for element in elements { body(&self, element) }
        close()
        written.append(0x5D)
    }

    /// An array of `count` elements, each written by `element` from its position: for a caller
    /// that writes each element where it lies rather than copying it out (an item of a page),
    /// and with no generic sequence to go through.
    package mutating func array(count: Int, _ element: (inout JSONWriter, Int) -> Void) {
        separate()
        written.append(0x5B)
        open()
        for position in 0..<count { element(&self, position) }
        close()
        written.append(0x5D)
    }

    private mutating func open() {
        outer.append(commaDue)
        commaDue = false
    }

    private mutating func close() {
        commaDue = outer.popLast() ?? false
    }

    /// A member's key, one of ours: a literal with nothing to escape, copied as is. Its value must follow.
    package mutating func key(_ name: StaticString) {
        separate()
        written.append(0x22)
        name.withUTF8Buffer { written.append(UnsafeRawBufferPointer($0)) }
        written.append(0x22)
        written.append(0x3A)
        valueFollows()
    }

    /// A key made at run time (a rendition's name), escaped as any string. Its value must follow.
    package mutating func key(escaping name: String) {
        separate()
        writeString(name)
        written.append(0x3A)
        valueFollows()
    }

    /// The value after a key takes no comma.
    private mutating func valueFollows() {
        commaDue = false
    }

    package mutating func string(_ value: String) {
        separate()
        writeString(value)
    }

    /// `first`, then `second`, as one string ("<title> <link>", "<base><path>"): the same bytes as
    /// the joined String's, without making it (a malloc per item written). `separator` (an ASCII
    /// byte needing no escape, e.g. a space) goes between them when given.
    package mutating func string(_ first: String, _ second: String, separator: UInt8? = nil) {
        separate()
        written.append(0x22)
        Self.appendEscaped(first, to: &written)
        if let separator { written.append(separator) }
        Self.appendEscaped(second, to: &written)
        written.append(0x22)
    }

    /// A string given as its UTF-8 bytes (a link kept in `Renditions`' buffer): the same bytes
    /// as `string(_:)` writes for the String they spell, without making it.
    package mutating func string(utf8 value: UnsafeRawBufferPointer) {
        separate()
        written.append(0x22)
        Self.appendEscaped(utf8: value, to: &written)
        written.append(0x22)
    }

    /// `first`, then `second` given as UTF-8 bytes, as one string ("<base><path>").
    package mutating func string(_ first: String, utf8 second: UnsafeRawBufferPointer) {
        separate()
        written.append(0x22)
        Self.appendEscaped(first, to: &written)
        Self.appendEscaped(utf8: second, to: &written)
        written.append(0x22)
    }

    package mutating func int(_ value: Int) {
        separate()
        // Digits straight into the bytes, lowest first, then turned round in place: no String per
        // number, and no copy (reversing `bytes[start...]` copied the slice: a malloc per number).
        if value < 0 { written.append(0x2D) }
        var magnitude = value.magnitude
        var low = written.count
        repeat {
            written.append(0x30 + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var high = written.count - 1
        while low < high {
            written.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// A number with a fraction (a fake Unsplash's latitude): its shortest text that reads back as
    /// the same Double ("35.676192", "1e-07"), which is always a JSON number. JSON has no NaN or
    /// infinity: they are written as null.
    package mutating func double(_ value: Double) {
        separate()
        var text = value.isFinite ? String(value) : "null"
        text.withUTF8 { written.append(UnsafeRawBufferPointer($0)) }
    }

    package mutating func bool(_ value: Bool) {
        separate()
        let text: StaticString = value ? "true" : "false"
        text.withUTF8Buffer { written.append(UnsafeRawBufferPointer($0)) }
    }

    package mutating func null() {
        separate()
        ("null" as StaticString).withUTF8Buffer { written.append(UnsafeRawBufferPointer($0)) }
    }

    // Conveniences for members, leaving out what has no value (never null, "" or 0).
    package mutating func member(_ name: StaticString, _ value: String) { key(name); string(value) }
    package mutating func member(_ name: StaticString, _ value: Int) { key(name); int(value) }
    package mutating func meaningful(_ name: StaticString, _ value: String?) {
        if let value, !value.isEmpty { member(name, value) }
    }
    package mutating func meaningful(_ name: StaticString, _ value: Int?) {
        if let value, value != 0 { member(name, value) }
    }

    private mutating func separate() {
        if commaDue { written.append(0x2C) }
        commaDue = !outer.isEmpty
    }

    private mutating func writeString(_ value: String) {
        Self.writeQuoted(value, to: &written)
    }

    /// `value` quoted and escaped as RFC 8259 requires, and DEL too (a terminal reading a log line
    /// should see no control character); everything else, slashes and non-ASCII included, as is.
    /// Runs that need no escaping (nearly all of a URL or title) are found sixteen, then eight
    /// bytes at a time and copied in one go.
    package static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        writeQuoted(value, to: &bytes)
    }

    /// `appendQuoted` into a writer's bytes or an array.
    private static func writeQuoted<Sink: EscapedTextSink & ~Copyable>(_ value: String, to bytes: inout Sink) {
        bytes.appendByte(0x22)
        appendEscaped(value, to: &bytes)
        bytes.appendByte(0x22)
    }

    /// `value` escaped as `appendQuoted` escapes it, without the quotes.
    private static func appendEscaped<Sink: EscapedTextSink & ~Copyable>(_ value: String, to bytes: inout Sink) {
        value.withUTF8Bytes { appendEscaped(utf8: UnsafeRawBufferPointer($0), to: &bytes) }
    }

    /// The same for UTF-8 bytes.
    private static func appendEscaped<Sink: EscapedTextSink & ~Copyable>(utf8 raw: UnsafeRawBufferPointer, to bytes: inout Sink) {
        let utf8 = raw.assumingMemoryBound(to: UInt8.self)
        var runStart = 0
        var index = 0
        // Sixteen bytes a step to the next byte to escape (most strings have none), then eight,
        // then one at a time for the last few.
        while index < utf8.count {
            if index + 16 <= utf8.count {
                guard let first = JSONEscaping.firstSpecial(raw, at: index) else {
                    index += 16
                    continue
                }
                index += first
            } else if index + 8 <= utf8.count {
                let special = JSONEscaping.specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            }
            let byte = utf8[index]
            if JSONEscaping.needsEscape(byte) {
                bytes.appendBytes(UnsafeRawBufferPointer(rebasing: raw[runStart..<index]))
                appendEscape(byte, to: &bytes)
                runStart = index + 1
            }
            index += 1
        }
        bytes.appendBytes(UnsafeRawBufferPointer(rebasing: raw[runStart..<utf8.count]))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscape<Sink: EscapedTextSink & ~Copyable>(_ byte: UInt8, to bytes: inout Sink) {
        bytes.appendByte(0x5C)
        switch byte {
        case 0x22: bytes.appendByte(0x22)
        case 0x5C: bytes.appendByte(0x5C)
        case 0x0A: bytes.appendByte(0x6E)
        case 0x0D: bytes.appendByte(0x72)
        case 0x09: bytes.appendByte(0x74)
        default:
            let hex = hexDigits
            bytes.appendByte(0x75)
            bytes.appendByte(0x30)
            bytes.appendByte(0x30)
            bytes.appendByte(hex[Int(byte >> 4)])
            bytes.appendByte(hex[Int(byte & 0x0F)])
        }
    }
}

/// Where escaped text goes: a writer's own bytes, or an array (a log line, `appendQuoted`).
protocol EscapedTextSink: ~Copyable {
    mutating func appendByte(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer)
}

extension WrittenBytes: EscapedTextSink {
    mutating func appendByte(_ byte: UInt8) { append(byte) }
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) { append(bytes) }
}

extension Array: EscapedTextSink where Element == UInt8 {
    mutating func appendByte(_ byte: UInt8) { append(byte) }
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
}

/// What the writer escapes: what a JSON string cannot hold as is (RFC 8259: the quote, the
/// backslash, control characters), and DEL.
package enum JSONEscaping {
    package static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }

    /// Where the first of the sixteen bytes of `raw` from `offset` that needs an escape is (0...15);
    /// nil when none does. Vector compares (`ByteBlock`): the two-word test this replaced took
    /// twice the instructions a byte.
    @inline(__always)
    package static func firstSpecial(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        return ByteBlock.firstSet(block .< SIMD16(repeating: 0x20) .| block .== SIMD16(repeating: 0x22)
            .| block .== SIMD16(repeating: 0x5C) .| block .== SIMD16(repeating: 0x7F))
    }

    /// One high bit per byte of `word` (eight bytes, the first lowest) that needs an escape. The
    /// lowest is exact; higher ones may be false (a subtraction's borrow runs upwards), so a
    /// caller reads on from the lowest byte by byte.
    package static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs
        return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word ^ (ones &* 0x7F)) | below0x20
    }
}

/// A value with a JSON form written by `JSONWriter`.
package protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value's JSON, as bytes.
    package func jsonBytes(capacity: Int = 1024) -> [UInt8] {
        JSONWriter.bytes(capacity: capacity) { write(to: &$0) }
    }
}
