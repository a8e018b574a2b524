import Foundation
import ProviderHTTP
import XCTest

/// URLs written byte by byte (`UpstreamURL`) are the URLs URLComponents wrote for every provider
/// before (issue 46 item 7): the base's path without trailing slashes, each segment and parameter
/// escaped, no "?" without parameters, the base's query dropped and its fragment kept.
final class UpstreamURLTests: XCTestCase {
    /// How KLIPY's, Pexels' and Unsplash's URLs were built before, through Foundation.
    private func foundationURL(base: URL, path: [String], parameters: [(name: String, value: String)]) -> String? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + "/" + path.map(QueryEscaping.escape).joined(separator: "/")
        components.percentEncodedQuery = parameters.isEmpty ? nil : parameters
            .map { "\(QueryEscaping.escape($0.name))=\(QueryEscaping.escape($0.value))" }.joined(separator: "&")
        return components.url?.absoluteString
    }

    func testWrittenURLsAreFoundationsURLs() throws {
        let texts = ["cat", "a b", "a&b=c", "1+1", "100%", "#hash", "é ü 猫 🐈", "a/b?c", "  ", "", "%20", "\u{0}\u{7F}", "~-._"]
        let bases = ["https://api.klipy.com", "https://api.pexels.com/", "http://127.0.0.1:9/x//", "http://[::1]:9",
                     "https://u:p@host.example:8443/a%20b/v1?old=1#frag"]
        for baseText in bases {
            let base = try XCTUnwrap(URL(string: baseText))
            let written = try XCTUnwrap(UpstreamURLBase(base))
            for text in texts {
                let cases: [([String], [(name: String, value: String)])] = [
                    (["api", "v1", text, "gifs", "search"], [("q", text), ("page", "2"), ("per_page", "24")]),
                    (["v1", "photos", text], []), (["v1", "search"], [(text, text)]), ([text], [("x", "1")]),
                ]
                for (path, parameters) in cases {
                    XCTAssertEqual(UpstreamURL.written(written, path: path, parameters: parameters),
                                   try XCTUnwrap(foundationURL(base: base, path: path, parameters: parameters)), "\(baseText) \(path)")
                }
            }
        }
    }
}
