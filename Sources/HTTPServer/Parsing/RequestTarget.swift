/// The request target split into a decoded path, its segments and the query (RFC 9112 section 3.2).
struct RequestTarget {
    let raw: String
    let path: String
    let segments: [String]
    let query: QueryParameters

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) {
        raw = String(decoding: bytes, as: UTF8.self)
        // Read in place: every request passes here.
        let all = UnsafeBufferPointer(rebasing: bytes)
        var pathAndQuery = all[...]
        if all.first != 0x2F {
            // absolute-form (http://host/path?query): servers must accept it; the authority is ignored.
            guard let schemeEnd = Self.schemeEnd(all) else {
                if all.count == 1 && all.first == 0x2A { throw .badRequest("The asterisk target is not served.") }
                throw .badRequest("The request target must be a path.")
            }
            let afterAuthority = all[schemeEnd...].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? all.endIndex
            pathAndQuery = all[afterAuthority...]
        }
        if pathAndQuery.contains(0x23) { throw .badRequest("A request target has no fragment.") }
        let questionMark = pathAndQuery.firstIndex(of: 0x3F)
        let rawPath = pathAndQuery[..<(questionMark ?? pathAndQuery.endIndex)]
        // The segments after the root: "/" alone (or no path) has none.
        let afterRoot = rawPath.first == 0x2F ? rawPath.dropFirst() : rawPath
        var segments: [String] = []
        if !afterRoot.isEmpty {
            // Sized once: grown from one segment, /gif/{id} allocated twice.
            segments.reserveCapacity(afterRoot.reduce(1) { $1 == 0x2F ? $0 + 1 : $0 })
            var start = afterRoot.startIndex
            for index in afterRoot.startIndex...afterRoot.endIndex where index == afterRoot.endIndex || afterRoot[index] == 0x2F {
                guard let segment = PercentDecoding.decode(afterRoot[start..<index], plusIsSpace: false) else {
                    throw .badRequest("The path has a malformed percent-encoding.")
                }
                segments.append(segment)
                start = index + 1
            }
        }
        self.segments = segments
        // Without escapes (and checked as UTF-8 segment by segment) the path is its own bytes.
        if rawPath.first == 0x2F, !rawPath.contains(0x25) {
            // The raw target's own string when it is all path: no second copy of its bytes.
            path = questionMark == nil && pathAndQuery.count == all.count ? raw : String(decoding: rawPath, as: UTF8.self)
        } else {
            path = "/" + segments.joined(separator: "/")
        }
        if let questionMark {
            query = try Self.parseQuery(pathAndQuery[(questionMark + 1)...])
        } else {
            query = QueryParameters()
        }
    }

    /// Index just past "http://" or "https://", compared case-insensitively.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lowered = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if lowered.starts(with: Array("http://".utf8)) { return 7 }
        if lowered.starts(with: Array("https://".utf8)) { return 8 }
        return nil
    }

    private static func parseQuery(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> QueryParameters {
        var items: [QueryParameters.Item] = []
        // The `&`-separated pairs, found in place (no array of slices made); empty ones are skipped.
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x26) ?? bytes.endIndex
            defer { start = end + 1 }
            let pair = bytes[start..<end]
            if pair.isEmpty { continue }
            let equals = pair.firstIndex(of: 0x3D)
            let nameBytes = pair[..<(equals ?? pair.endIndex)]
            let valueBytes = pair[(equals.map { $0 + 1 } ?? pair.endIndex)...]
            guard let name = PercentDecoding.decode(nameBytes, plusIsSpace: true),
                  let value = PercentDecoding.decode(valueBytes, plusIsSpace: true) else {
                throw .badRequest("The query has a malformed percent-encoding.")
            }
            items.append((name, value))
        }
        return QueryParameters(items)
    }
}
