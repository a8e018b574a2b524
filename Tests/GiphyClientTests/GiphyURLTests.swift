import Foundation
import Model
@testable import GiphyClient
import ProviderHTTP
import XCTest

/// GIPHY's URLs written byte by byte are the URLs URLComponents wrote before (issue 46 item 7).
final class GiphyURLTests: XCTestCase {
    /// How the URL was built before, through Foundation, for each call.
    private func foundationURL(_ endpoint: GiphyEndpoint, base: URL, apiKey: String) -> String? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + "/" + endpoint.path.map(QueryEscaping.escape).joined(separator: "/")
        let items = endpoint.parameters + [(name: "api_key", value: apiKey)]
        components.percentEncodedQuery = items.map { "\(QueryEscaping.escape($0.name))=\(QueryEscaping.escape($0.value))" }
            .joined(separator: "&")
        return components.url?.absoluteString
    }

    private let queries = ["cat", "a b", "a&b=c", "1+1", "100%", "#hash", "é ü 猫 🐈", "a/b?c", "  spaced  ", "~-._",
                           "%20", "a;b,c:d@e", "\u{0}\u{1F}\u{7F}", String(repeating: "x", count: 500), "q&api_key=stolen"]
    private let bases = ["https://api.giphy.com/v1", "https://api.giphy.com/v1/", "http://127.0.0.1:28200/v1//",
                         "https://api.giphy.com", "https://user:pw@host.example:8443/a%20b/v1?old=1#frag", "http://[::1]:9/v1"]

    func testEveryEndpointsURLIsFoundationsURL() throws {
        for baseText in bases {
            let base = try XCTUnwrap(URL(string: baseText))
            for key in ["k", "k+y/&%", "ключ"] {
                let root = try XCTUnwrap(GiphyURLRoot(base: base, apiKey: key))
                var endpoints: [GiphyEndpoint] = [.trendingSearches, .randomID, .random(tag: nil, rating: nil)]
                for query in queries {
                    let compact = SearchRequest(query: query, offset: 7, limit: 25, rating: "pg-13", lang: query, compactRenditions: true)
                    let full = SearchRequest(query: query, offset: 0, limit: 50)
                    endpoints += [
                        .search(compact, countryCode: "US", randomID: query), .search(full, countryCode: nil),
                        .search(compact, countryCode: nil, randomID: nil),
                        .trending(TrendingRequest(offset: 3, limit: 10, rating: query, compactRenditions: true), countryCode: query),
                        .gif(id: query), .random(tag: query, rating: query, type: .stickers),
                        .searchTags(query: query, limit: 5),
                    ]
                }
                for endpoint in endpoints {
                    let expected = try XCTUnwrap(foundationURL(endpoint, base: base, apiKey: key))
                    XCTAssertEqual(endpoint.url(on: root), expected, "\(baseText) \(endpoint.parameters)")
                    XCTAssertNotNil(URL(string: endpoint.url(on: root)))
                }
            }
        }
    }

    func testFieldsOtherThanTheMappingsAreEscapedAsTheyAre() throws {
        let root = try XCTUnwrap(GiphyURLRoot(base: try XCTUnwrap(URL(string: "https://x/v1")), apiKey: "k"))
        let endpoint = GiphyEndpoint(path: ["gifs"], parameters: [("fields", "a,b"), ("x", GIFMapping.fields)])
        let fields = QueryEscaping.escape(GIFMapping.fields)
        XCTAssertEqual(endpoint.url(on: root), "https://x/v1/gifs?fields=a%2Cb&x=\(fields)&api_key=k")
    }
}
