/// The request target split into a decoded path, its segments and the query (RFC 9112 section 3.2).
struct RequestTarget {
    let raw: String
    let path: String
    let segments: [String]
    let query: QueryParameters

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) {
        let all = Array(bytes)
        raw = String(decoding: all, as: UTF8.self)
        var pathAndQuery = all[...]
        if all.first != 0x2F {
            // absolute-form (http://host/path?query): servers must accept it; the authority is ignored.
            guard let schemeEnd = Self.schemeEnd(all) else {
                if all == [0x2A] { throw .badRequest("The asterisk target is not served.") }
                throw .badRequest("The request target must be a path.")
            }
            let afterAuthority = all[schemeEnd...].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? all.endIndex
            pathAndQuery = all[afterAuthority...]
            if pathAndQuery.first != 0x2F { pathAndQuery = [0x2F] + pathAndQuery }
        }
        if pathAndQuery.contains(0x23) { throw .badRequest("A request target has no fragment.") }
        let questionMark = pathAndQuery.firstIndex(of: 0x3F)
        let rawPath = pathAndQuery[..<(questionMark ?? pathAndQuery.endIndex)]
        var segments: [String] = []
        for piece in rawPath.dropFirst().split(separator: 0x2F, omittingEmptySubsequences: false) {
            guard let segment = PercentDecoding.decode(piece, plusIsSpace: false) else {
                throw .badRequest("The path has a malformed percent-encoding.")
            }
            segments.append(segment)
        }
        if rawPath.count == 1 { segments = [] }
        self.segments = segments
        path = "/" + segments.joined(separator: "/")
        if let questionMark {
            query = try Self.parseQuery(pathAndQuery[(questionMark + 1)...])
        } else {
            query = QueryParameters()
        }
    }

    /// Index just past "http://" or "https://", compared case-insensitively.
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        let lowered = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if lowered.starts(with: Array("http://".utf8)) { return 7 }
        if lowered.starts(with: Array("https://".utf8)) { return 8 }
        return nil
    }

    private static func parseQuery(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> QueryParameters {
        var items: [QueryParameters.Item] = []
        for pair in bytes.split(separator: 0x26) {
            let equals = pair.firstIndex(of: 0x3D)
            let nameBytes = pair[..<(equals ?? pair.endIndex)]
            let valueBytes = equals.map { pair[($0 + 1)...] } ?? []
            guard let name = PercentDecoding.decode(nameBytes, plusIsSpace: true),
                  let value = PercentDecoding.decode(valueBytes, plusIsSpace: true) else {
                throw .badRequest("The query has a malformed percent-encoding.")
            }
            items.append((name, value))
        }
        return QueryParameters(items)
    }
}
