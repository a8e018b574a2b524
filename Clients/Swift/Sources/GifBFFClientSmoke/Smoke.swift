import Foundation
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
