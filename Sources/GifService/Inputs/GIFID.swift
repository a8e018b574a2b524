/// A GIPHY id: 1 to 64 ASCII letters and digits.
public struct GIFID: Sendable, Hashable, CustomStringConvertible {
    public static let lengthRange = 1...64

    public let rawValue: String

    public init?(_ text: String) {
        guard Self.lengthRange.contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            return nil
        }
        rawValue = text
    }

    public var description: String { rawValue }
}
