/// The secrets of a `keyword=value` connection string, read as libpq's `conninfo_parse` reads it:
/// pairs apart by white space, white space allowed around `=`, a value either bare (a backslash
/// keeps the next byte) or in single quotes (a backslash keeps the next byte, `'` ends it). The
/// value of each keyword libpq does not show (`ConnectionKeywords.shown`) is written `***`; from
/// the first pair libpq would refuse (no `=`, a quote left open) everything is.
struct KeywordValueSecrets {
    /// The string with each secret value written `***`, white space and shown pairs as given.
    private(set) var redacted: [UInt8] = []
    /// Each secret as written and as libpq reads it.
    private(set) var secrets: [[UInt8]] = []

    init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if Self.isSpace(bytes[index]) {
                redacted.append(bytes[index])
                index += 1
                continue
            }
            let keywordStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !Self.isSpace(bytes[index]) { index += 1 }
            let keyword = bytes[keywordStart..<index]
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { hideRest(bytes[keywordStart...]); return }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            let valueStart = index
            guard let (value, end) = Self.value(in: bytes, from: valueStart) else { hideRest(bytes[keywordStart...]); return }
            index = end
            if ConnectionKeywords.shown.contains(String(decoding: keyword, as: UTF8.self)) {
                redacted += bytes[keywordStart..<end]
            } else {
                redacted += bytes[keywordStart..<valueStart] + URLSecrets.mask
                secrets += [Array(bytes[valueStart..<end]), value]
            }
        }
    }

    /// From a pair libpq refuses on: all of it hidden (libpq's message quotes its keyword).
    private mutating func hideRest(_ rest: ArraySlice<UInt8>) {
        redacted += URLSecrets.mask
        secrets.append(Array(rest))
    }

    /// The value starting at `start` as libpq reads it, and where it ends; nil for a quote left open.
    private static func value(in bytes: [UInt8], from start: Int) -> (value: [UInt8], end: Int)? {
        var index = start, value: [UInt8] = []
        let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "'")
        if quoted { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted, byte == UInt8(ascii: "'") { return (value, index + 1) }
            if !quoted, isSpace(byte) { return (value, index) }
            if byte == UInt8(ascii: "\\") {
                index += 1
                if index < bytes.count { value.append(bytes[index]) }
                index += 1
                continue
            }
            value.append(byte)
            index += 1
        }
        return quoted ? nil : (value, index)
    }

    /// C's `isspace` in the C locale, as libpq uses it.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
