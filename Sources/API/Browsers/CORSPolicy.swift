import Foundation
/// Which web origins may call the API from a browser (`GIF_BFF_CORS_ORIGINS`).
/// An entry is `scheme://host[:port]`; the port `*` means any port. `*` alone allows every origin.
package struct CORSPolicy: Sendable, Equatable {
    let allowsAny: Bool
    /// The allowed origins; a `port` of nil is the scheme's default port, `anyPort` accepts every port.
    let entries: [OriginText]

    /// Any port of http://localhost, http://127.0.0.1 and http://[::1]: local dev servers only.
    package static let loopback = CORSPolicy(
        allowsAny: false,
        entries: ["localhost", "127.0.0.1", "[::1]"].map { OriginText(scheme: "http", host: $0, port: nil, anyPort: true) })

    /// The policy as the setting is written: `*`, or the origins in order.
    package var text: String {
        if allowsAny { return "*" }
        return entries.map { $0.scheme + "://" + $0.host + ($0.anyPort ? ":*" : $0.port.map { ":\($0)" } ?? "") }.joined(separator: ",")
    }

    /// Parses a comma list; throws a sentence saying what an entry should look like.
    package init(parsing list: String) throws(SettingValueError) {
        let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw SettingValueError(expected: Self.expected) }
        if items == ["*"] {
            self.init(allowsAny: true, entries: [])
            return
        }
        var entries: [OriginText] = []
        for item in items {
            // Pasted from an address bar: a trailing slash is not part of an origin, but it is harmless.
            let text = item.hasSuffix("/") ? String(item.dropLast()) : item
            guard let origin = OriginText(text, allowingAnyPort: true),
                  origin.scheme == "http" || origin.scheme == "https" else {
                throw SettingValueError(expected: Self.expected)
            }
            entries.append(origin)
        }
        self.init(allowsAny: false, entries: entries)
    }

    private init(allowsAny: Bool, entries: [OriginText]) {
        self.allowsAny = allowsAny
        self.entries = entries
    }

    static let expected = "a comma list of origins such as http://localhost:5173 (port * for any), or *"

    /// Whether a request's `Origin` value is allowed; `null` and anything malformed are not (unless `*`).
    package func allows(origin value: String) -> Bool {
        if allowsAny { return true }
        guard let origin = OriginText(value, allowingAnyPort: false) else { return false }
        return entries.contains { entry in
            entry.scheme == origin.scheme && entry.host == origin.host && (entry.anyPort || entry.port == origin.port)
        }
    }
}

/// A setting's value that cannot be used: what was expected instead (the app names the setting).
package struct SettingValueError: Error, Equatable {
    package let expected: String

    package init(expected: String) {
        self.expected = expected
    }
}
