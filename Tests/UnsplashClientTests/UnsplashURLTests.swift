import Foundation
import Model
import ProviderHTTP
@testable import UnsplashClient
import XCTest

/// Unsplash's URLs written byte by byte are the URLs URLComponents wrote before (issue 46 item 7).
final class UnsplashURLTests: XCTestCase {
    /// How the URL was built before, through Foundation, for each call.
    private func foundationURL(_ endpoint: UnsplashEndpoint, base: URL) -> String? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + "/" + endpoint.path.map(QueryEscaping.escape).joined(separator: "/")
        components.percentEncodedQuery = endpoint.parameters.isEmpty ? nil : endpoint.parameters
            .map { "\(QueryEscaping.escape($0.name))=\(QueryEscaping.escape($0.value))" }.joined(separator: "&")
        return components.url?.absoluteString
    }

    func testEveryEndpointsURLIsFoundationsURL() throws {
        let queries = ["mountain", "a b", "a&b=c", "1+1", "100%", "#hash", "é ü 山 🏔", "a/b?c", "  spaced  ", "%20", "\u{0}\u{7F}"]
        for baseText in ["https://api.unsplash.com", "https://api.unsplash.com/", "http://127.0.0.1:28202/x//",
                         "https://u:p@host.example:8443/a%20b?old=1#frag"] {
            let base = try XCTUnwrap(URL(string: baseText))
            let urlBase = try XCTUnwrap(UpstreamURLBase(base))
            var endpoints: [UnsplashEndpoint] = [.random(query: nil, rating: nil)]
            for query in queries {
                endpoints += [
                    .search(SearchRequest(query: query, offset: 30, limit: 30, rating: "g", order: query)),
                    .search(SearchRequest(query: query, offset: 0, limit: 10)),
                    .editorialFeed(TrendingRequest(offset: 0, limit: 30, order: query)), .photo(id: query),
                    .random(query: query, rating: "r"),
                ]
            }
            for endpoint in endpoints {
                XCTAssertEqual(endpoint.url(on: urlBase), try XCTUnwrap(foundationURL(endpoint, base: base)), "\(baseText) \(endpoint.path)")
            }
        }
    }

    func testAnAbsoluteURLIsItself() throws {
        let tracking = try XCTUnwrap(URL(string: "https://api.unsplash.com/photos/x/download?ixid=a%2Bb"))
        XCTAssertEqual(UnsplashEndpoint.downloadTracking(tracking).url(on: nil), tracking.absoluteString)
        XCTAssertNil(UnsplashEndpoint.photo(id: "x").url(on: nil))
    }
}
