import ASCII
import CPostgreSQL

/// The parts of a connection string that must never be printed. A `keyword=value` string is read
/// by `KeywordValueSecrets`; a `postgresql://` URL here, as libpq reads the URL
/// (bytes, not characters): the user info's password, and the value of every query parameter
/// whose key, percent-decoded, is not a keyword libpq shows (`ConnectionKeywords.shown`). A key
/// given twice, an unknown or undecodable key, a parameter without `=`: each value is hidden.
struct URLSecrets {
    static let mask: [UInt8] = Array("***".utf8)

    /// The string with each secret written `***`.
    let redacted: String
    /// Each secret as written and as libpq decodes it, longest first: libpq's messages quote
    /// parts of the URL (a bad percent-encoding, a parameter without `=`, the whole URL).
    let values: [[UInt8]]
    private let whole: [UInt8]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        whole = bytes
        guard let schemeEnd = Self.schemeEnd(bytes) else {
            let pairs = KeywordValueSecrets(bytes)
            redacted = String(decoding: pairs.redacted, as: UTF8.self)
            values = pairs.secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
            return
        }
        var out = Array(bytes[..<schemeEnd])
        var secrets: [[UInt8]] = []
        var position = schemeEnd
        // libpq: user info when an "@" comes before any "/", the user up to a ":" or "@", the
        // password after the ":". Hidden up to the last such "@", not the first: a password with
        // an "@" left unencoded would otherwise show its end as the host.
        let slash = bytes[schemeEnd...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        if let at = bytes[schemeEnd..<slash].lastIndex(of: UInt8(ascii: "@")) {
            let userInfo = bytes[schemeEnd..<at]
            let userEnd = userInfo.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") } ?? at
            let user = bytes[schemeEnd..<userEnd]
            // A user that looks like a query ("h?password=x@host") is shown as nothing.
            if user.contains(where: { "?&=".utf8.contains($0) }) {
                out += Self.mask
                secrets += Self.forms(of: userInfo)
            } else {
                out += user
                if userEnd < at {
                    out += [UInt8(ascii: ":")] + Self.mask
                    let password = bytes[(userEnd + 1)..<at]
                    secrets += Self.forms(of: password) + password.split(separator: UInt8(ascii: "@")).map(Array.init)
                }
            }
            out.append(UInt8(ascii: "@"))
            position = at + 1
        }
        let query = bytes[position...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        out += bytes[position..<query]
        if query < bytes.endIndex {
            out.append(UInt8(ascii: "?"))
            let parameters = bytes[(query + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { out.append(UInt8(ascii: "&")) }
                out += Self.redact(parameter, secrets: &secrets)
            }
        }
        redacted = String(decoding: out, as: UTF8.self)
        values = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret of the URL written `***` (the whole URL as `redacted` first).
    func scrub(_ text: String) -> String {
        var bytes = Self.replace(whole, in: Array(text.utf8), with: Array(redacted.utf8))
        for value in values { bytes = Self.replace(value, in: bytes, with: Self.mask) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        for scheme in ["postgresql://", "postgres://"] where bytes.starts(with: scheme.utf8) { return scheme.utf8.count }
        return nil
    }

    /// One `key=value` of the query: kept when libpq shows that key, else its value hidden
    /// (the whole parameter when it has no `=` or its key does not decode).
    private static func redact(_ parameter: ArraySlice<UInt8>, secrets: inout [[UInt8]]) -> [UInt8] {
        if parameter.isEmpty { return [] }
        guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
              let key = percentDecoded(parameter[..<equals])
        else {
            secrets += forms(of: parameter)
            return mask
        }
        if ConnectionKeywords.shown.contains(String(decoding: key, as: UTF8.self)) { return Array(parameter) }
        secrets += forms(of: parameter[(equals + 1)...])
        return Array(parameter[...equals]) + mask
    }

    /// A value as written and, when it decodes, as libpq decodes it.
    private static func forms(of raw: ArraySlice<UInt8>) -> [[UInt8]] {
        [Array(raw)] + (percentDecoded(raw).map { [$0] } ?? [])
    }

    /// libpq's decoding of a URL part: `%` and two hex digits, never `%00`; nil when it refuses.
    static func percentDecoded(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "%") else {
                out.append(raw[index])
                index += 1
                continue
            }
            guard raw.endIndex - index >= 3, let high = ASCIIByte.hexValue(raw[index + 1]), let low = ASCIIByte.hexValue(raw[index + 2]), high | low != 0
            else { return nil }
            out.append(high << 4 | low)
            index += 3
        }
        return out
    }


    private static func replace(_ needle: [UInt8], in haystack: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var out: [UInt8] = []
        var index = 0
        while index < haystack.count {
            if haystack.count - index >= needle.count && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                out += replacement
                index += needle.count
            } else {
                out.append(haystack[index])
                index += 1
            }
        }
        return out
    }
}
