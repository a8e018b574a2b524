import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GifBFFClient
import OpenAPIRuntime
import OpenAPIURLSession

/// Named checks, each printed as it runs with what the call got; a thrown error fails the
/// check, not the run.
@MainActor
final class Smoke {
    var passed = 0
    var failed: [String] = []

    /// `body` answers whether the check passed and, in a few words, what the call got.
    func check(_ name: String, _ body: () async throws -> (passed: Bool, got: String)) async {
        do {
            let (passed, got) = try await body()
            print("\(passed ? "ok  " : "FAIL")  \(name): \(got)")
            if passed {
                self.passed += 1
                return
            }
        } catch {
            print("FAIL  \(name): threw \(error)")
        }
        failed.append(name)
    }

    /// Passes when `body` throws a `GifBFFProblem` with that code, status and a title and detail.
    func expectProblem(_ code: GifBFFProblem.KnownCode, status: Int, _ body: () async throws -> Void) async throws -> (passed: Bool, got: String) {
        do {
            try await body()
            return (false, "no error")
        } catch let problem as GifBFFProblem {
            let passed = problem.knownCode == code && problem.code == code.rawValue && problem.status == status
                && problem.title?.isEmpty == false && problem.detail?.isEmpty == false
            return (passed, problem.description)
        }
    }

    /// URLSession (the client's transport) asks for compressed answers (gzip, and brotli where
    /// its HTTP library has it) and decodes them: a page's JSON arrives whole from a body much
    /// smaller on the wire (Content-Length counts the compressed bytes). The client's own calls
    /// above went the same way, unchanged.
    func urlSessionDecodesGzip(_ endpoint: URL, query: String) async throws -> (passed: Bool, got: String) {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return (false, "bad URL") }
        components.percentEncodedQuery = query
        guard let url = components.url else { return (false, "bad URL") }
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let http = response as? HTTPURLResponse else { return (false, "not HTTP") }
        guard http.statusCode == 200 else { return (false, "status \(http.statusCode)") }
        guard let coding = http.value(forHTTPHeaderField: "Content-Encoding"), coding == "gzip" || coding == "br" else {
            return (false, "not compressed")
        }
        guard let wire = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init),
              let page = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = page["data"] as? [Any], !items.isEmpty else { return (false, "no page of items") }
        return (wire * 3 < data.count, "\(url.path): \(wire) bytes on the wire (\(coding)), \(data.count) bytes of JSON")
    }

    /// The generated client on its own sends `If-None-Match` percent-encoded (`%22…%22`); the
    /// server reads that as the same tag, so a revalidation is a 304 even without GifBFF's layer.
    func percentEncodedRevalidationIs304(baseURL: URL) async throws -> (passed: Bool, got: String) {
        let plain = Client(serverURL: baseURL, transport: URLSessionTransport())
        guard case let .ok(first) = try await plain.listFavorites() else { return (false, "no 200 first") }
        let again = try await plain.listFavorites(headers: .init(ifNoneMatch: first.headers.eTag))
        if case .notModified = again { return (true, "304 for \(first.headers.eTag)") }
        return (false, "\(again)")
    }
}

/// A few words on an item: its id, provider and the facts a screen would show.
func summary(_ item: Item) -> String {
    var facts = ["\(item.id) (\(item.provider))"]
    if let title = item.title { facts.append("\"\(title.prefix(40))\"") }
    if let author = item.author { facts.append("by \(author.name)") }
    if let likes = item.likes { facts.append("\(likes) likes") }
    if let place = item.location?.displayName { facts.append("in \(place)") }
    if let camera = item.camera?.displayName { facts.append("with \(camera)") }
    if let color = item.color { facts.append("color \(color)") }
    if let thumbnail = item.thumbnail { facts.append("\(thumbnail.name) \(thumbnail.width)×\(thumbnail.height)") }
    return facts.joined(separator: ", ")
}
