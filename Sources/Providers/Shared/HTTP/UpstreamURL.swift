import Foundation

/// An upstream's base URL as every call's URL begins and ends: its scheme, authority and path
/// (without trailing slashes), and its fragment. Worked out once per client through Foundation;
/// each call's URL is then written byte by byte (`UpstreamURL`): built per call through
/// URLComponents and URL, GIPHY's URL was 2.2% of a cache miss's CPU (issue 46 item 7).
package struct UpstreamURLBase: Sendable {
    fileprivate let head: [UInt8]
    /// "#" and the base's fragment, or nothing.
    fileprivate let fragment: [UInt8]

    /// nil when Foundation cannot take `base` apart (the calls then fail as having no URL).
    package init?(_ base: URL) {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        fragment = components.percentEncodedFragment.map { Array("#\($0)".utf8) } ?? []
        components.percentEncodedPath = basePath
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        guard let head = components.string else { return nil }
        self.head = Array(head.utf8)
    }
}

/// One call's URL, written as URLComponents wrote it: the base, "/" and each path segment
/// escaped (`QueryEscaping`), "?" and the parameters (when there are any), the base's fragment.
package struct UpstreamURL {
    private var bytes: [UInt8]
    private let base: UpstreamURLBase
    private var hasQuery = false

    /// `capacity`: about how many bytes the path and query take (the buffer grows past it if need be).
    package init(_ base: UpstreamURLBase, capacity: Int) {
        self.base = base
        bytes = []
        bytes.reserveCapacity(base.head.count + capacity + base.fragment.count)
        bytes += base.head
    }

    package mutating func appendPathSegment(_ segment: String) {
        bytes.append(UInt8(ascii: "/"))
        QueryEscaping.append(segment, to: &bytes)
    }

    package mutating func appendParameter(_ name: String, _ value: String) {
        startParameter()
        QueryEscaping.append(name, to: &bytes)
        bytes.append(UInt8(ascii: "="))
        QueryEscaping.append(value, to: &bytes)
    }

    /// A parameter already escaped ("name=value"): one the client escapes once, not per call.
    package mutating func appendEscapedParameter(_ escaped: [UInt8]) {
        startParameter()
        bytes += escaped
    }

    private mutating func startParameter() {
        bytes.append(UInt8(ascii: hasQuery ? "&" : "?"))
        hasQuery = true
    }

    /// The URL, with the base's fragment last.
    package consuming func string() -> String {
        if !base.fragment.isEmpty { bytes += base.fragment }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `base`, "/" and each of `path` escaped, "?" and the parameters escaped (when there are any).
    package static func written(_ base: UpstreamURLBase, path: [String], parameters: [(name: String, value: String)]) -> String {
        var capacity = 0
        for segment in path { capacity += segment.utf8.count + 1 }
        for parameter in parameters { capacity += parameter.name.utf8.count + parameter.value.utf8.count + 2 }
        var url = UpstreamURL(base, capacity: capacity)
        for segment in path { url.appendPathSegment(segment) }
        for parameter in parameters { url.appendParameter(parameter.name, parameter.value) }
        return url.string()
    }

    /// `escape(name)=escape(value)`, for `appendEscapedParameter`.
    package static func escapedParameter(_ name: String, _ value: String) -> [UInt8] {
        var escaped: [UInt8] = []
        QueryEscaping.append(name, to: &escaped)
        escaped.append(UInt8(ascii: "="))
        QueryEscaping.append(value, to: &escaped)
        return escaped
    }
}
