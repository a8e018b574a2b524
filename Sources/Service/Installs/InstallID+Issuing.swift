import Model

extension InstallID {
    /// A new random id (from the system's generator).
    static func issue() -> InstallID {
        InstallID(unchecked: Hex.text(SecureRandom.bytes(issuedLength / 2)))
    }
}

enum Hex {
    static func text(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
