/// The content codings the server sends (RFC 9110 8.4.1): gzip, or the body as it is.
public enum ContentCoding: String, Sendable {
    case gzip
    case identity

    /// Bodies smaller than this are sent as they are: gzip would save less than a packet, and
    /// its header and trailer alone are 18 bytes.
    public static let minimumCompressedBytes = 1024

    /// What to send a request: gzip when its Accept-Encoding accepts gzip (`gzip`, `x-gzip` or
    /// `*`, with a q-value above 0), identity otherwise (identity is always acceptable, RFC 9110
    /// 12.5.3, and no header means identity here, as in nginx). Read as bytes: every GET asks.
    public static func preferred(for request: HTTPRequest) -> ContentCoding {
        var gzip: Bool?
        var anyOther: Bool?
        for field in request.headers where HTTPHeaders.equalNames(field.name, "Accept-Encoding") {
            for element in field.value.utf8.split(separator: UInt8(ascii: ",")) {
                let parts = element.split(separator: UInt8(ascii: ";"))
                guard let coding = parts.first.map(Self.trimmed), !coding.isEmpty else { continue }
                let accepted = !parts.dropFirst().contains(where: Self.isZeroQuality)
                if Self.equalsIgnoringCase(coding, "gzip") || Self.equalsIgnoringCase(coding, "x-gzip") {
                    gzip = accepted
                } else if Self.equalsIgnoringCase(coding, "*") {
                    anyOther = accepted
                }
            }
        }
        return (gzip ?? anyOther ?? false) ? .gzip : .identity
    }

    /// The entity tag of this coding's form of a body whose uncompressed form has `identityTag`.
    /// A compressed form's tag is weak (`W/"…-gzip"`), as nginx makes it: the same content may
    /// be compressed to other bytes (a miss at level 1, the kept body at level 6), and a client
    /// that revalidates after either gets its 304. It still differs from the identity form's tag,
    /// so If-None-Match compares the coding asked for.
    public func entityTag(identityTag: String) -> String {
        guard self != .identity else { return identityTag }
        var opaque = identityTag.hasPrefix("W/") ? String(identityTag.dropFirst(2)) : identityTag
        if opaque.hasSuffix("\"") { opaque.removeLast() }
        if opaque.hasPrefix("\"") { opaque.removeFirst() }
        return "W/\"" + opaque + "-" + rawValue + "\""
    }

    /// Whether a body of this media type gains from compression: text, JSON (problem+json
    /// included), YAML, JavaScript and SVG; not images or anything already compressed.
    public static func isCompressible(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
        return type.starts(with: "text/".utf8) || type.elementsEqual("application/json".utf8)
            || type.elementsEqual("application/problem+json".utf8) || type.elementsEqual("application/yaml".utf8)
            || type.elementsEqual("application/javascript".utf8) || type.elementsEqual("image/svg+xml".utf8)
    }

    /// `q=0`, `q=0.0`, `q=0.000`: "not acceptable". Any other q-value accepts.
    private static func isZeroQuality(_ parameter: Substring.UTF8View.SubSequence) -> Bool {
        let text = trimmed(parameter)
        guard text.count >= 3, text.first.map({ $0 | 0x20 }) == UInt8(ascii: "q"),
              text.dropFirst().first == UInt8(ascii: "=") else { return false }
        let value = text.dropFirst(2)
        guard value.first == UInt8(ascii: "0") else { return false }
        let rest = value.dropFirst()
        return rest.isEmpty || (rest.first == UInt8(ascii: ".") && rest.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") })
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }

    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { wanted in
            bytes.count == wanted.count && zip(bytes, wanted).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
        }
    }
}
