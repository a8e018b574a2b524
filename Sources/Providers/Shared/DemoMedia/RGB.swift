/// A colour of 8 bits per primary.
struct RGB: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// "#c0d8f0" or "c0d8f0"; nil for anything else.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.utf8.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        red = UInt8(value >> 16)
        green = UInt8((value >> 8) & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from a hue (0..<360), saturation and value (0...1).
    init(hue: Double, saturation: Double, value: Double) {
        let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let chroma = value * saturation
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let floor = value - chroma
        func byte(_ part: Double) -> UInt8 { UInt8(max(0, min(255, ((part + floor) * 255).rounded()))) }
        self.init(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// This colour moved `amount` (0...1) of the way towards `other`.
    func mixed(with other: RGB, _ amount: Double) -> RGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return RGB(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    static let white = RGB(red: 255, green: 255, blue: 255)
    static let black = RGB(red: 0, green: 0, blue: 0)
}
