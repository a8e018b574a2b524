/// Character classes of RFC 9110 and 9112, on bytes.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// tchar: the characters of a method or a field name.
    static func isTokenCharacter(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

    /// What a field value may hold: HTAB, SP, visible ASCII and obs-text; no other control character.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// What a request target may hold: visible ASCII only.
    static func isTargetCharacter(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }


    private static let tokenTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return true }
        return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}
