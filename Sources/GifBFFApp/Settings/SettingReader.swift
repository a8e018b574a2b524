import API
import Foundation

/// How a setting's text becomes its value, and how a value is written back (the default shown by
/// `--help` and docs/configuration.md). A text it cannot read is refused with what was expected.
struct SettingReader<Value>: Sendable {
    let read: @Sendable (String) throws(SettingValueError) -> Value
    let write: @Sendable (Value) -> String

    init(read: @escaping @Sendable (String) throws(SettingValueError) -> Value, write: @escaping @Sendable (Value) -> String) {
        self.read = read
        self.write = write
    }

    /// A reader from a function that gives nil for what it cannot read.
    init(expected: String, _ parse: @escaping @Sendable (String) -> Value?, write: @escaping @Sendable (Value) -> String) {
        self.init(read: { text throws(SettingValueError) in
            guard let value = parse(text) else { throw SettingValueError(expected: expected) }
            return value
        }, write: write)
    }
}

extension SettingReader where Value == Int {
    static func integer(_ range: ClosedRange<Int>) -> Self {
        Self(expected: "an integer \(range.lowerBound)-\(range.upperBound)", { Int($0).flatMap { range.contains($0) ? $0 : nil } },
             write: { String($0) })
    }
}

extension SettingReader where Value == Int? {
    /// An integer in `range`, where 0 turns the thing off (nil), written `off` then.
    static func integerOrOff(_ range: ClosedRange<Int>, off: String) -> Self {
        let integer = SettingReader<Int>.integer(range)
        return Self(read: { text throws(SettingValueError) in
            let number = try integer.read(text)
            return number == 0 ? nil : number
        }, write: { $0.map(String.init) ?? off })
    }

    /// An integer in `range`, or `auto` (nil): the value is then decided from other settings.
    static func integerOrAuto(_ range: ClosedRange<Int>) -> Self {
        Self(read: { text throws(SettingValueError) in
            if text.lowercased() == "auto" { return nil }
            guard let number = Int(text), range.contains(number) else {
                throw SettingValueError(expected: "auto or an integer \(range.lowerBound)-\(range.upperBound)")
            }
            return number
        }, write: { $0.map(String.init) ?? "auto" })
    }
}

extension SettingReader where Value == Bool {
    static let onOff = Self(expected: "on or off", { text in
        switch text.lowercased() {
        case "on", "true", "1", "yes": true
        case "off", "false", "0", "no": false
        default: nil
        }
    }, write: { $0 ? "on" : "off" })
}

extension SettingReader where Value == Duration {
    /// Seconds, fractions allowed, at most a day; at least a millisecond unless `allowZero`.
    static func seconds(allowZero: Bool) -> Self {
        Self(read: { text throws(SettingValueError) in
            guard let number = Double(text), number.isFinite, number >= 0, allowZero || number > 0, number <= 86_400 else {
                throw SettingValueError(expected: allowZero ? "seconds 0-86400" : "seconds above 0, at most 86400")
            }
            let milliseconds = Int64((number * 1000).rounded())
            // Checked after rounding: 0.0004 s would otherwise become a timeout of zero.
            guard allowZero || milliseconds > 0 else { throw SettingValueError(expected: "seconds, at least 0.001") }
            return .milliseconds(milliseconds)
        }, write: { duration in
            let (whole, fraction) = duration.components
            return fraction == 0 ? String(whole) : String(Double(whole) + Double(fraction) / 1e18)
        })
    }
}

extension SettingReader where Value == Double {
    /// Seconds as a plain number, 0 allowed, for settings kept as a Double.
    static let plainSeconds: Self = {
        let seconds = SettingReader<Duration>.seconds(allowZero: true)
        return Self(read: { text throws(SettingValueError) in
            let (whole, fraction) = try seconds.read(text).components
            return Double(whole) + Double(fraction) / 1e18
        }, write: { seconds.write(.milliseconds(Int64(($0 * 1000).rounded()))) })
    }()

    static func minutes(upTo most: Double) -> Self {
        Self(expected: "minutes above 0, at most \(Int(most))", { Double($0).flatMap { $0.isFinite && $0 > 0 && $0 <= most ? $0 : nil } },
             write: { $0.rounded() == $0 ? String(Int($0)) : String($0) })
    }
}

extension SettingReader where Value == String {
    /// An http or https URL with a host, written without a trailing slash.
    static let httpURL = Self(expected: "an http or https URL", { text in
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else { return nil }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }, write: { $0 })
}

extension SettingReader where Value == String? {
    /// A key or token: blanks and line breaks around it dropped (a key from a CRLF env file would
    /// otherwise be refused on every call); empty is none, written `none`.
    static func secret(none: String) -> Self {
        Self(read: { text in
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }, write: { _ in none })
    }
}

extension SettingReader where Value == String? {
    /// The admin token: blanks around it dropped, empty is none; else 32 to 256 printable ASCII
    /// characters without spaces (what `openssl rand -hex 32` or `-base64 32` gives), long enough
    /// that guessing it is hopeless.
    static let adminToken = Self(read: { text throws(SettingValueError) in
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard (32...256).contains(trimmed.utf8.count), trimmed.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw SettingValueError(expected: "32 to 256 printable ASCII characters without spaces (openssl rand -hex 32 makes one)")
        }
        return trimmed
    }, write: { _ in "(none: no admin API)" })
}

extension SettingReader where Value: RawRepresentable<String> & Sendable {
    /// One of a type's names, any case.
    static func named(_ expected: String) -> Self {
        Self(expected: expected, { Value(rawValue: $0.lowercased()) }, write: { $0.rawValue })
    }
}

extension SettingReader {
    /// A value of a type that reads a comma list itself (CORS origins, Host names, proxies).
    static func list(_ parse: @escaping @Sendable (String) throws(SettingValueError) -> Value,
                     write: @escaping @Sendable (Value) -> String) -> Self {
        Self(read: parse, write: write)
    }
}
