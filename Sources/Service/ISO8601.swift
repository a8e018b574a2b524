import Foundation

/// Dates in our JSON are ISO 8601 strings in UTC ("2024-05-01T12:00:00Z"), whatever the
/// encoder's date strategy, so stored snapshots and responses agree.
public enum ISO8601 {
    public static func string(from date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func date(from string: String) -> Date? {
        try? Date(string, strategy: .iso8601)
    }
}

extension KeyedEncodingContainer {
    mutating func encodeMeaningful(_ value: Date?, forKey key: Key) throws {
        guard let value else { return }
        try encode(ISO8601.string(from: value), forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decodeDateIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return date
    }
}
