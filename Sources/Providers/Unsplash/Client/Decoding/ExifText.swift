import ProviderHTTP

/// An EXIF value kept as text: a string as sent, a number (2.8) written as Swift writes it.
struct ExifText: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(LenientString.self), let meaningful = text.meaningful {
            value = meaningful
        } else if let number = try? container.decode(Double.self), number.isFinite {
            value = String(number)
        } else {
            value = nil
        }
    }
}
