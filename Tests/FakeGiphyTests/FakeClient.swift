import FakeGiphy
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

let testKey = "fake-test-key"

/// One answer from the fake, with its body parsed when it is JSON.
struct FakeAnswer {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    var list: [[String: Any]] { object?["data"] as? [[String: Any]] ?? [] }
    var ids: [String] { list.compactMap { $0["id"] as? String } }
    var pagination: [String: Any]? { object?["pagination"] as? [String: Any] }
    var meta: [String: Any]? { object?["meta"] as? [String: Any] }
}

/// A started fake and plain HTTP calls to it.
final class FakeHarness {
    let fake: FakeGiphy
    let baseURL: URL
    /// Let go of in `stop`: FoundationNetworking closes a session's connections and libcurl
    /// handle only when the session is freed, and XCTest keeps this harness until the run ends.
    private var session: URLSession? = URLSession(configuration: .ephemeral)

    init(adminRoutes: Bool = true) throws {
        fake = FakeGiphy(apiKey: testKey, adminRoutes: adminRoutes)
        baseURL = try fake.start()
    }

    /// GET `path` under /v1 with `query` (already escaped) and, unless nil, the key.
    func get(_ path: String, _ query: String = "", key: String? = testKey) async throws -> FakeAnswer {
        let keyPart = key.map { "api_key=\($0)" }
        let parts = [query.isEmpty ? nil : query, keyPart].compactMap { $0 }
        let url = try XCTUnwrap(URL(string: baseURL.absoluteString + path + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))))
        return try await send(URLRequest(url: url))
    }

    /// A request to the admin endpoints at the server's root.
    func admin(_ method: String, _ path: String, body: String? = nil) async throws -> FakeAnswer {
        let root = baseURL.deletingLastPathComponent().absoluteString.trimmingCharacters(in: ["/"])
        var request = URLRequest(url: try XCTUnwrap(URL(string: root + path)))
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> FakeAnswer {
        let (data, response) = try await XCTUnwrap(session, "the harness is stopped").data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return FakeAnswer(status: http.statusCode, headers: headers, body: data)
    }

    func stop() async {
        session?.invalidateAndCancel()
        session = nil
        await fake.shutdown()
    }
}
