import Foundation

/// An upstream URL given to libcurl in two parts: its origin as the URL ("https://api.giphy.com")
/// and the rest as the request-target ("/v1/gifs/search?q=cats&..."), sent as is. Given the whole
/// URL, libcurl rebuilt it and wrote the request line through its own printf, a callback per
/// byte, some 100 instructions a byte twice over for a GIPHY search's 550-byte URL (its `fields`):
/// 5% of an own-call miss's instructions (callgrind, issue 46 item 7).
enum UpstreamRequestTarget {
    /// Where the request-target begins in `url` (the "/" after the authority); nil when libcurl is
    /// to have the whole URL: no path, a fragment (libcurl leaves it out; a target would send it),
    /// a dot segment (libcurl removes those), or a plain-http URL while a proxy may be configured
    /// (libcurl asks such a proxy for the absolute URL and ignores a target; https through a proxy
    /// goes through a CONNECT tunnel, where the target is the one sent).
    static func start(in url: UnsafeRawBufferPointer, plainHTTPMayBeProxied: Bool = plainHTTPMayBeProxied) -> Int? {
        guard let schemeEnd = schemeEnd(url) else { return nil }
        let isPlainHTTP = schemeEnd == 4
        if isPlainHTTP && plainHTTPMayBeProxied { return nil }
        var index = schemeEnd + 3
        // The authority ends at the path, the query or the fragment.
        while index < url.count, url[index] != UInt8(ascii: "/") {
            if url[index] == UInt8(ascii: "?") || url[index] == UInt8(ascii: "#") { return nil }
            index += 1
        }
        guard index < url.count else { return nil }
        let start = index
        var inPath = true
        while index < url.count {
            switch url[index] {
            case UInt8(ascii: "#"): return nil
            case UInt8(ascii: "?"): inPath = false
            case UInt8(ascii: "/") where inPath && index + 1 < url.count && url[index + 1] == UInt8(ascii: "."):
                // "/." then "/", "?" or the end, or "/.." likewise: a dot segment.
                var after = index + 2
                if after < url.count, url[after] == UInt8(ascii: ".") { after += 1 }
                if after == url.count || url[after] == UInt8(ascii: "/") || url[after] == UInt8(ascii: "?") { return nil }
            default: break
            }
            index += 1
        }
        return start
    }

    /// The length of "http" or "https" (any case) when `url` begins with it and "://"; else nil.
    private static func schemeEnd(_ url: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        for letter in "http".utf8 {
            guard index < url.count, url[index] | 0x20 == letter else { return nil }
            index += 1
        }
        if index < url.count, url[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        let end = index
        for byte in "://".utf8 {
            guard index < url.count, url[index] == byte else { return nil }
            index += 1
        }
        return end
    }

    /// Whether libcurl may send a plain-http call through a proxy: a variable it reads for one is
    /// set (`http_proxy`, `all_proxy`; the upper-case ones too, to be safe). Read once: libcurl
    /// reads them per transfer, but the server does not change its environment.
    static let plainHTTPMayBeProxied: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].contains { !(environment[$0] ?? "").isEmpty }
    }()
}
