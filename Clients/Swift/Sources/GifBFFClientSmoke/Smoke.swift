import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GifBFFClient
import OpenAPIRuntime
import OpenAPIURLSession

/// Named checks, each printed as it runs; a thrown error fails the check, not the run.
@MainActor
final class Smoke {
    var passed = 0
    var failed: [String] = []

    func check(_ name: String, _ body: () async throws -> Bool) async {
        do {
            if try await body() {
                passed += 1
                print("ok    \(name)")
                return
            }
            print("FAIL  \(name)")
        } catch {
            print("FAIL  \(name): \(error)")
        }
        failed.append(name)
    }

    /// True when `body` throws a `GifBFFProblem` with that code, status and a title and detail.
    func expectProblem(_ code: GifBFFProblem.KnownCode, status: Int, _ body: () async throws -> Void) async throws -> Bool {
        do {
            try await body()
            return false
        } catch let problem as GifBFFProblem {
            return problem.knownCode == code && problem.code == code.rawValue && problem.status == status
                && problem.title?.isEmpty == false && problem.detail?.isEmpty == false
        }
    }

    /// URLSession (the client's transport) asks for compressed answers (gzip, and brotli where
    /// its HTTP library has it) and decodes them: a page's JSON arrives whole from a body much
    /// smaller on the wire (Content-Length counts the compressed bytes). The client's own calls
    /// above went the same way, unchanged.
    func urlSessionDecodesGzip(_ endpoint: URL, query: String) async throws -> Bool {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return false }
        components.percentEncodedQuery = query
        guard let url = components.url else { return false }
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200,
              let coding = http.value(forHTTPHeaderField: "Content-Encoding"), coding == "gzip" || coding == "br",
              let wire = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init),
              let page = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = page["data"] as? [Any], !items.isEmpty else { return false }
        print("      \(url.path): \(wire) bytes on the wire (\(coding)), \(data.count) bytes of JSON")
        return wire * 3 < data.count
    }

    /// The generated client on its own sends `If-None-Match` percent-encoded (`%22…%22`); the
    /// server reads that as the same tag, so a revalidation is a 304 even without GifBFF's layer.
    func percentEncodedRevalidationIs304(baseURL: URL) async throws -> Bool {
        let plain = Client(serverURL: baseURL, transport: URLSessionTransport())
        guard case let .ok(first) = try await plain.listFavorites() else { return false }
        let again = try await plain.listFavorites(headers: .init(ifNoneMatch: first.headers.eTag))
        if case .notModified = again { return true }
        return false
    }
}
