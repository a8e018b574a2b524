/// The content codings the server sends (RFC 9110 8.4.1): brotli, gzip, or the body as it is.
package enum ContentCoding: String, Sendable, CaseIterable {
    case brotli = "br"
    case gzip
    case identity

    /// Bodies smaller than this are sent as they are: compression would save less than a
    /// packet, and gzip's header and trailer alone are 18 bytes.
    package static let minimumCompressedBytes = 1024

    /// What to send a request: the compressed coding its Accept-Encoding accepts with the highest
    /// q-value, brotli on a tie (smaller at the same CPU); identity when it accepts neither
    /// (identity is always acceptable, RFC 9110 12.5.3, and no header means identity here, as in
    /// nginx). `gzip` and `x-gzip` name gzip, `br` brotli, `*` any coding not named. Read as
    /// bytes: every GET asks.
    package static func preferred(for request: HTTPRequest) -> ContentCoding {
        var brotli: Int?
        var gzip: Int?
        var anyOther: Int?
        for field in request.headers where HTTPHeaders.equalNames(field.name, "Accept-Encoding") {
            // Scanned in place: no array of elements or parameters is made for each request.
            forEachPart(of: field.value.utf8[...], separatedBy: UInt8(ascii: ",")) { element in
                let semicolon = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
                let coding = trimmed(element[..<semicolon])
                guard !coding.isEmpty else { return }
                var quality: Int?
                if semicolon < element.endIndex {
                    forEachPart(of: element[element.index(after: semicolon)...], separatedBy: UInt8(ascii: ";")) { parameter in
                        if quality == nil { quality = Self.quality(parameter) }
                    }
                }
                if Self.equalsIgnoringCase(coding, "br") {
                    brotli = quality ?? 1000
                } else if Self.equalsIgnoringCase(coding, "gzip") || Self.equalsIgnoringCase(coding, "x-gzip") {
                    gzip = quality ?? 1000
                } else if Self.equalsIgnoringCase(coding, "*") {
                    anyOther = quality ?? 1000
                }
            }
        }
        let brotliQuality = brotli ?? anyOther ?? 0
        let gzipQuality = gzip ?? anyOther ?? 0
        if brotliQuality > 0 && brotliQuality >= gzipQuality { return .brotli }
        return gzipQuality > 0 ? .gzip : .identity
    }

    /// The body compressed in this coding, for one sent once (`kept` false: the fastest
    /// settings) or kept and sent many times (compressed once: smaller); nil for identity, or
    /// when the library fails.
    package func compress(_ body: [UInt8], kept: Bool) -> [UInt8]? {
        switch self {
        case .brotli: Brotli.compress(body, quality: kept ? Brotli.keptQuality : Brotli.onceQuality)
        case .gzip: Gzip.compress(body, level: kept ? Gzip.keptLevel : Gzip.onceLevel)
        case .identity: nil
        }
    }

    /// The entity tag of this coding's form of a body whose uncompressed form has `identityTag`.
    /// A compressed form's tag is weak (`W/"…-gzip"`, `W/"…-br"`), as nginx makes it: the same
    /// content may be compressed to other bytes (a miss at the fastest settings, the kept body at
    /// smaller ones), and a client that revalidates after either gets its 304. It still differs
    /// from the other codings' tags, so If-None-Match compares the coding asked for.
    package func entityTag(identityTag: String) -> String {
        guard self != .identity else { return identityTag }
        var opaque = identityTag.hasPrefix("W/") ? String(identityTag.dropFirst(2)) : identityTag
        if opaque.hasSuffix("\"") { opaque.removeLast() }
        if opaque.hasPrefix("\"") { opaque.removeFirst() }
        return "W/\"" + opaque + "-" + rawValue + "\""
    }

    /// Whether a body of this media type gains from compression: text, JSON (problem+json
    /// included), YAML, JavaScript and SVG; not images or anything already compressed.
    package static func isCompressible(contentType: String?) -> Bool {
        guard let contentType else { return false }
        // The type of nearly every answer, told by one comparison of the string.
        if contentType == "application/json" { return true }
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
        return type.starts(with: "text/".utf8) || type.elementsEqual("application/json".utf8)
            || type.elementsEqual("application/problem+json".utf8) || type.elementsEqual("application/yaml".utf8)
            || type.elementsEqual("application/javascript".utf8) || type.elementsEqual("image/svg+xml".utf8)
    }

    /// A `q=` parameter's weight in thousandths (`q=0.5` is 500, `q=1` 1000, `q=0` not
    /// acceptable); nil for another parameter. A q-value that does not read as one accepts.
    private static func quality(_ parameter: Substring.UTF8View.SubSequence) -> Int? {
        let text = trimmed(parameter)
        guard text.count >= 3, text.first.map({ $0 | 0x20 }) == UInt8(ascii: "q"),
              text.dropFirst().first == UInt8(ascii: "=") else { return nil }
        let value = text.dropFirst(2)
        guard let whole = value.first, whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return 1000 }
        var thousandths = Int(whole - UInt8(ascii: "0")) * 1000
        guard value.dropFirst().first == UInt8(ascii: ".") else { return value.count == 1 ? thousandths : 1000 }
        var scale = 100
        for digit in value.dropFirst(2).prefix(3) {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return 1000 }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return min(thousandths, 1000)
    }

    /// Calls `body` with each part of `bytes` between separators (empty parts included).
    private static func forEachPart(of bytes: Substring.UTF8View, separatedBy separator: UInt8,
                                    _ body: (Substring.UTF8View) -> Void) {
        var rest = bytes
        while true {
            let end = rest.firstIndex(of: separator) ?? rest.endIndex
            body(rest[..<end])
            guard end < rest.endIndex else { return }
            rest = rest[rest.index(after: end)...]
        }
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
