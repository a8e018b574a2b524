import Foundation

/// Upstream JSON is loose (GIPHY's most of all): numbers come as strings ("200") or numbers, fields come empty or as
/// the wrong type. These wrappers never fail; what cannot be read becomes nil, so one odd
/// field never costs a whole GIF, let alone a whole page.

/// An integer sent as a number or as a string.
public struct LenientInt: Decodable, Sendable {
    public let value: Int?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = try? container.decode(Double.self) {
            value = Self.integer(number)
        } else if let text = try? container.decode(String.self) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            value = Int(trimmed) ?? Double(trimmed).flatMap(Self.integer)
        } else {
            value = nil
        }
    }

    private static func integer(_ number: Double) -> Int? {
        guard number.isFinite, abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}

/// Text sent as a string or, now and then, as a number; "" is kept (callers decide what empty means).
public struct LenientString: Decodable, Sendable {
    public let value: String?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            value = nil
        }
    }

    /// The text with surrounding whitespace removed, or nil when nothing is left.
    public var meaningful: String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The meaningful text when it is an http(s) URL, kept exactly as given (GIPHY's terms forbid
    /// rewriting its URLs, and Unsplash's carry the ixid it counts by); nil for anything else.
    public var webLink: String? {
        guard let value = meaningful, let scheme = URLComponents(string: value)?.scheme?.lowercased(),
              scheme == "https" || scheme == "http" else { return nil }
        return value
    }
}

/// Any value that may be malformed: nil instead of an error.
public struct Lenient<Value: Decodable>: Decodable {
    public let value: Value?

    public init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
