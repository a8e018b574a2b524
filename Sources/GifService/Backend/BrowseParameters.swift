/// The raw query parameters of a browse call, validated into what goes upstream.
public struct BrowseParameters: Sendable {
    public static let maxQueryLength = 50
    public static let defaultLimit = 24
    public static let limitRange = 1...50
    /// GIPHY answers nothing at offset 5000 and above.
    public static let offsetRange = 0...4999
    public static let ratings = ["g", "pg", "pg-13", "r"]

    static func limit(_ text: String?) throws(ServiceError) -> Int {
        try integer(text, name: "limit", default: defaultLimit, range: limitRange)
    }

    static func offset(_ text: String?) throws(ServiceError) -> Int {
        try integer(text, name: "offset", default: 0, range: offsetRange)
    }

    static func rating(_ text: String?, default defaultRating: String) throws(ServiceError) -> String {
        guard let text, !text.isEmpty else { return defaultRating }
        let rating = text.lowercased()
        guard ratings.contains(rating) else { throw .invalid("rating", "must be one of g, pg, pg-13, r.") }
        return rating
    }

    /// A two-letter language code, or none.
    static func lang(_ text: String?) throws(ServiceError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let lang = text.lowercased()
        guard lang.count == 2, lang.unicodeScalars.allSatisfy({ $0.value >= 0x61 && $0.value <= 0x7A }) else {
            throw .invalid("lang", "must be a two-letter language code such as en.")
        }
        return lang
    }

    /// A GIPHY id: letters and digits, 1 to 64 characters.
    static func gifID(_ text: String?, name: String = "id") throws(ServiceError) -> String {
        guard let text, (1...64).contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw .invalid(name, "must be 1 to 64 letters and digits.")
        }
        return text
    }

    /// The query trimmed; nil when blank. Too long is an error.
    static func query(_ text: String?) throws(ServiceError) -> String? {
        try words(text, name: "q")
    }

    static func tag(_ text: String?) throws(ServiceError) -> String? {
        try words(text, name: "tag")
    }

    /// Words to match, trimmed; nil when blank. The length is checked as sent, in Unicode scalars
    /// (what JSON Schema's maxLength counts), so the limit means the same to every client.
    private static func words(_ text: String?, name: String) throws(ServiceError) -> String? {
        let text = text ?? ""
        guard text.unicodeScalars.count <= maxQueryLength else {
            throw .invalid(name, "must be at most \(maxQueryLength) characters.")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Absent gives the default; anything else, an empty value included, must be an integer in range.
    private static func integer(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws(ServiceError) -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw .invalid(name, "must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }
}

import Foundation
