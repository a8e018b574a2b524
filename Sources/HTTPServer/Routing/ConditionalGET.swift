import Foundation

/// The step after a route by which successful GET and HEAD answers carry an ETag (a hash of the
/// body), and a request whose If-None-Match names the current one gets 304 with no body (RFC 9110
/// 13.1.2).
package enum ConditionalGET {
    /// The step in place (the response is not copied to be changed): it gets its ETag, or
    /// becomes the 304 that stands for it.
    package static func answer(_ response: inout HTTPResponse, to request: HTTPRequest) {
        guard request.method == .get || request.method == .head, response.status.code == 200 else { return }
        let tag: String
        if let kept = response.headers["ETag"] {
            tag = kept
        } else {
            tag = Self.entityTag(of: response.body)
            response.headers.add(name: "ETag", value: tag)
        }
        guard let condition = request.headers["If-None-Match"], matches(condition, tag) else { return }
        var notModified = HTTPResponse(status: .notModified)
        for field in response.headers where keptOn304.contains(field.name.lowercased()) {
            notModified.headers.add(name: field.name, value: field.value)
        }
        response = notModified
    }

    /// The headers a 304 repeats from the 200 it stands for.
    private static let keptOn304: Set<String> = ["etag", "cache-control", "vary", "x-cache", "age"]

    /// A strong validator: a 64-bit hash of the body, eight bytes at a time (FNV-1a's constants
    /// with a shift-xor per word), plus the length. Not cryptographic: it only has to change
    /// when the body does (each step is one-to-one, so a body differing in one word always gets
    /// another tag). Four lanes take every fourth word, folded at the end: one chain waited on
    /// each multiplication in turn (a 36 KB page took ~10 µs), four overlap. Package-wide so that
    /// a responder keeping a body can compute its tag once.
    package static func entityTag(of body: [UInt8]) -> String {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        func mixed(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word) &* prime
            return product ^ (product >> 29)
        }
        let seed: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(body.count)
        var hash = seed
        body.withUnsafeBytes { raw in
            var lanes = (seed, seed &+ 1, seed &+ 2, seed &+ 3)
            var offset = 0
            while offset + 32 <= raw.count {
                lanes.0 = mixed(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mixed(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mixed(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mixed(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            hash = mixed(mixed(mixed(mixed(hash, lanes.0), lanes.1), lanes.2), lanes.3)
            while offset + 8 <= raw.count {
                hash = mixed(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* prime
                offset += 1
            }
        }
        // "<16 hex digits>", made in one go.
        return String(unsafeUninitializedCapacity: 18) { buffer in
            let digits = hexDigits
            buffer[0] = 0x22
            for index in 0..<16 { buffer[1 + index] = digits[Int((hash >> UInt64(60 - 4 * index)) & 0xF)] }
            buffer[17] = 0x22
            return 18
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// If-None-Match uses the weak comparison: `W/` prefixes are ignored; `*` matches anything.
    /// A percent-encoded condition (`%22…%22`, as swift-openapi-runtime sends every header value)
    /// is read as the tag it encodes: our tags are hex digits in quotes, so a `%` can never be
    /// part of one and decoding cannot make a different tag match.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let wanted = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        let readable = condition.contains("%")
            ? PercentDecoding.decode(Array(condition.utf8)[...], plusIsSpace: false) ?? condition
            : condition
        return readable.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || (trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed) == wanted
        }
    }
}
