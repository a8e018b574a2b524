import API
import Foundation

/// GIPHY's settings beyond its key and base URL.
extension Setting {
    /// One country for every user of this server, not one per request: GIPHY localises results by
    /// it, and a country per request would split every cached answer by country (and ask the apps
    /// to know theirs). A server for one market sets it; without it GIPHY guesses from the
    /// server's own address, which is what its terms ask a proxy to avoid. No GeoIP lookup.
    static let giphyCountryCode = Setting("GIF_BFF_COUNTRY_CODE", "--country-code", \.giphyCountryCode, countryCode,
        "the users' country, sent to GIPHY as country_code on search and trending (GIPHY asks for it when its API is "
            + "called through a proxy): an ISO 3166-1 alpha-2 code such as US or DE; none: not sent, GIPHY guesses from this server's address")

    /// Two ASCII letters, any case, kept upper case; empty or `none` is none.
    private static let countryCode = SettingReader<String?>(read: { text throws(SettingValueError) in
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
        guard trimmed.utf8.count == 2, trimmed.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else {
            throw SettingValueError(expected: "an ISO 3166-1 alpha-2 country code (two letters, such as US) or none")
        }
        return trimmed.uppercased()
    }, write: { $0 ?? "none" })
}
