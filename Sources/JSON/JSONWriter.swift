import ASCII
/// Writes JSON straight into bytes: the one JSON writer of the server, for the answers sent most
/// often (pages of GIFs), stored snapshots, problem bodies and JSON log lines alike, and for the
/// fake upstreams' bodies. Keys are written in the order the callers write them, fixed in code, so
/// equal values always give equal bytes (and ETags): sorted in items and pages, RFC 9457's order in
/// problems, GIPHY's and Unsplash's own order in the fakes.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array has a member yet (so a comma is due); false
    /// at the top level. Kept apart from `outer` so writing a member touches no array.
    private var commaDue = false
    /// `commaDue` of each object or array around the innermost open one, one per open one.
    private var outer: [Bool] = []

    package init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(0x7B)
        open()
        body(&self)
        close()
        bytes.append(0x7D)
    }

    package mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        separate()
        bytes.append(0x5B)
        open()
        for element in elements { body(&self, element) }
        close()
        bytes.append(0x5D)
    }

    /// An array of `count` elements, each written by `element` from its position: for a caller
    /// that writes each element where it lies rather than copying it out (an item of a page),
    /// and with no generic sequence to go through.
    package mutating func array(count: Int, _ element: (inout JSONWriter, Int) -> Void) {
        separate()
        bytes.append(0x5B)
        open()
        for position in 0..<count { element(&self, position) }
        close()
        bytes.append(0x5D)
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
        bytes.append(0x22)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(0x3A)
        valueFollows()
    }

    /// A key made at run time (a rendition's name), escaped as any string. Its value must follow.
    package mutating func key(escaping name: String) {
        separate()
        writeString(name)
        bytes.append(0x3A)
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
        bytes.append(0x22)
        Self.appendEscaped(first, to: &bytes)
        if let separator { bytes.append(separator) }
        Self.appendEscaped(second, to: &bytes)
        bytes.append(0x22)
    }

    /// A string given as its UTF-8 bytes (a link kept in `Renditions`' buffer): the same bytes
    /// as `string(_:)` writes for the String they spell, without making it.
    package mutating func string(utf8 value: UnsafeRawBufferPointer) {
        separate()
        bytes.append(0x22)
        Self.appendEscaped(utf8: value, to: &bytes)
        bytes.append(0x22)
    }

    /// `first`, then `second` given as UTF-8 bytes, as one string ("<base><path>").
    package mutating func string(_ first: String, utf8 second: UnsafeRawBufferPointer) {
        separate()
        bytes.append(0x22)
        Self.appendEscaped(first, to: &bytes)
        Self.appendEscaped(utf8: second, to: &bytes)
        bytes.append(0x22)
    }

    package mutating func int(_ value: Int) {
        separate()
        // Digits straight into the bytes, lowest first, then turned round in place: no String per
        // number, and no copy (reversing `bytes[start...]` copied the slice: a malloc per number).
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var low = bytes.count
        repeat {
            bytes.append(0x30 + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// A number with a fraction (a fake Unsplash's latitude): its shortest text that reads back as
    /// the same Double ("35.676192", "1e-07"), which is always a JSON number. JSON has no NaN or
    /// infinity: they are written as null.
    package mutating func double(_ value: Double) {
        separate()
        bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    package mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
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
        if commaDue { bytes.append(0x2C) }
        commaDue = !outer.isEmpty
    }

    private mutating func writeString(_ value: String) {
        Self.appendQuoted(value, to: &bytes)
    }

    /// `value` quoted and escaped as RFC 8259 requires, and DEL too (a terminal reading a log line
    /// should see no control character); everything else, slashes and non-ASCII included, as is.
    /// Runs that need no escaping (nearly all of a URL or title) are found sixteen, then eight
    /// bytes at a time and copied in one go.
    package static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        appendEscaped(value, to: &bytes)
        bytes.append(0x22)
    }

    /// `value` escaped as `appendQuoted` escapes it, without the quotes.
    private static func appendEscaped(_ value: String, to bytes: inout [UInt8]) {
        value.withUTF8Bytes { appendEscaped(utf8: UnsafeRawBufferPointer($0), to: &bytes) }
    }

    /// The same for UTF-8 bytes.
    private static func appendEscaped(utf8 raw: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        let utf8 = raw.assumingMemoryBound(to: UInt8.self)
        var runStart = 0
        var index = 0
        while index < utf8.count {
            while index + 16 <= utf8.count, !JSONEscaping.anySpecial(raw, at: index) { index += 16 }
            if index + 8 <= utf8.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let special = JSONEscaping.specialBytes(word)
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            }
            guard index < utf8.count else { break }
            let byte = utf8[index]
            if JSONEscaping.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(byte, to: &bytes)
                runStart = index + 1
            }
            index += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
        case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
        default:
            let hex = hexDigits
            bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}

/// What the writer escapes: what a JSON string cannot hold as is (RFC 8259: the quote, the
/// backslash, control characters), and DEL.
package enum JSONEscaping {
    package static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }

    /// Whether any of the sixteen bytes of `raw` from `offset` needs an escape: two words tested
    /// side by side, so a long run's words are not each waited on in turn. (Swift's SIMD16
    /// comparisons, tried first, reduced one lane at a time: ten times slower.)
    package static func anySpecial(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let low = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        return specialBytes(low) | specialBytes(high) != 0
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
        var writer = JSONWriter(capacity: capacity)
        write(to: &writer)
        return writer.bytes
    }
}
