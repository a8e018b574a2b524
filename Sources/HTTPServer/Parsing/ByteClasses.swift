/// Character classes of RFC 9110 and 9112, on bytes.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// tchar: the characters of a method or a field name. Read from two constant bit masks: a
    /// global table was a lazy global, a `swift_once` call for every byte checked (27 of them
    /// for a cached `/search`).
    @inline(__always)
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        byte < 64 ? (tokenBelow64 >> UInt64(byte)) & 1 == 1
            : byte < 128 && (tokenFrom64 >> UInt64(byte &- 64)) & 1 == 1
    }

    /// What a field value may hold: HTAB, SP, visible ASCII and obs-text; no other control character.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// What a request target may hold: visible ASCII only.
    static func isTargetCharacter(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Bit n set: byte n is a tchar ("!#$%&'*+-.^_`|~", digits, letters); the bytes 64-127 in
    /// the second mask, none above 127.
    private static let tokenBelow64: UInt64 = 0x03FF_6CFA_0000_0000
    private static let tokenFrom64: UInt64 = 0x57FF_FFFF_C7FF_FFFE
}
