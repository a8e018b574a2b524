import API
import Foundation
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// The API's router over a backend with in-memory stores and a scripted provider, called with
/// constructed requests: no sockets, no database.
struct InMemoryAPI {
    /// What a route answered: its response, or the problem it threw (which the server renders).
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        /// Set when the route threw a problem.
        let problem: ProblemDetails?

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    let router: Router
    let provider: ScriptedProvider

    init(provider: ScriptedProvider = ScriptedProvider(), backend: Backend? = nil) {
        self.provider = provider
        router = APIRouter.make(backend: backend ?? makeMemoryBackend(provider: provider))
    }

    /// `target` is a path with an optional query, percent-encoded as a client would send it.
    func send(_ method: HTTPMethod, _ target: String, json: String? = nil, contentType: String = "application/json") async throws -> Answer {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = String(parts[0])
        // "/" has no segments, as the server's RequestTarget splits it.
        let segments = rawPath == "/" ? [] : rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { decode($0) }
        var items: [QueryParameters.Item] = []
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                items.append((decode(nameValue[0]), nameValue.count > 1 ? decode(nameValue[1]) : ""))
            }
        }
        var headers = HTTPHeaders()
        if json != nil { headers.set(name: "Content-Type", value: contentType) }
        let request = HTTPRequest(method: method, target: target, path: decode(Substring(rawPath)), pathSegments: segments,
                                  query: QueryParameters(items), headers: headers, body: Array((json ?? "").utf8))
        do {
            let response = try await router.respond(to: request)
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name] = field.value }
            return Answer(status: response.status.code, headers: fields, body: response.body, problem: nil)
        } catch let problem as ProblemDetails {
            return Answer(status: problem.status.code, headers: problem.headers, body: [], problem: problem)
        }
    }

    func get(_ target: String) async throws -> Answer { try await send(.get, target) }

    private func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// Checks an answer is the problem with this status and code, with a title and a detail.
func assertProblem(_ answer: InMemoryAPI.Answer, _ status: Int, _ code: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(answer.status, status, "\(code): \(answer.text)", file: file, line: line)
    XCTAssertEqual(answer.problem?.code, code, file: file, line: line)
    XCTAssertFalse((answer.problem?.title ?? "").isEmpty, "title", file: file, line: line)
    XCTAssertFalse((answer.problem?.detail ?? "").isEmpty, "detail", file: file, line: line)
}
