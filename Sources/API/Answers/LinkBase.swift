import HTTPServer

/// What an answer writes this server's own links against (the demo catalogs' media): the address
/// the client reached the server at, so the Simulator (127.0.0.1), a phone on the LAN
/// (192.168.1.20:8080) and a published Docker port each get links that work from where they are.
/// `GIF_BFF_PUBLIC_URL` overrides it (a proxy in front, https). The `Host` has passed the
/// allowlist (421 otherwise) before any route runs.
package struct LinkBase: Sendable {
    /// "https://gifs.example.com" (no trailing slash), or nil to follow each request's `Host`.
    package let publicURL: String?
    private let linkedForms = LinkedForms()

    package init(publicURL: String? = nil) {
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// The forms without `renditions`, linked to the request's base: kept per `Host` (`LinkedForms`).
    /// The `Host` is read apart, so that the request is not captured (a copy).
    package func forms(for request: HTTPRequest) -> LinkedForms.Linked {
        let host = request.headers["Host"]
        return linkedForms.forms(host: publicURL == nil ? host : nil) { base(host: host) }
    }

    /// The base for a request with that `Host`; nil for none usable (HTTP/1.0): its links stay
    /// paths of this server.
    private func base(host: String?) -> String? {
        if let publicURL { return publicURL }
        guard let host, (1...300).contains(host.utf8.count),
              host.utf8.allSatisfy(Self.belongsInHost) else { return nil }
        return "http://" + host
    }

    /// Letters, digits and what a host[:port] may hold (an IPv6 address in brackets included).
    private static func belongsInHost(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }
}
