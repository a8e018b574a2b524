import Foundation
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
