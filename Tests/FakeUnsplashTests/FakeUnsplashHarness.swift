import FakeUnsplash
import FakeUpstream
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

let testAccessKey = "fake-unsplash-test-key"

/// One answer from the fake, its body parsed when it is JSON.
struct PhotoAnswer {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    var array: [[String: Any]]? { (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] }
    var results: [[String: Any]] { object?["results"] as? [[String: Any]] ?? [] }
}

/// A started fake Unsplash and plain HTTP calls to it; stopped in teardown.
final class FakeUnsplashHarness: Sendable {
    let fake: FakeUnsplash
    let baseURL: URL
    /// Let go of in `stop`: FoundationNetworking closes a session's connections and libcurl
    /// handle only when the session is freed, and XCTest keeps this harness until the run ends.
    private let session = Mutex<URLSession?>(URLSession(configuration: .ephemeral))

    init(hourlyLimit: Int) throws {
        fake = FakeUnsplash(accessKey: testAccessKey, hourlyLimit: hourlyLimit)
        baseURL = try fake.start()
    }

    /// GET `path` with `query` (already escaped) and, unless nil, the key as Unsplash takes it.
    func get(_ path: String, _ query: String = "", key: String? = testAccessKey) async throws -> PhotoAnswer {
        var request = URLRequest(url: try XCTUnwrap(URL(string: baseURL.absoluteString + path + (query.isEmpty ? "" : "?" + query))))
        if let key { request.setValue("Client-ID \(key)", forHTTPHeaderField: "Authorization") }
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        let (data, response) = try await openSession().data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return PhotoAnswer(status: http.statusCode, headers: headers, body: data)
    }

    /// A request to the admin routes (faults, call counts), with a JSON body if given.
    func admin(_ method: String, _ path: String, body: String? = nil) async throws -> Int {
        var request = URLRequest(url: try XCTUnwrap(URL(string: baseURL.absoluteString + path)))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (_, response) = try await openSession().data(for: request)
        return try XCTUnwrap(response as? HTTPURLResponse).statusCode
    }

    private func openSession() throws -> URLSession {
        try XCTUnwrap(session.withLock { $0 }, "the harness is stopped")
    }

    func stop() async {
        session.withLock { session in
            session?.invalidateAndCancel()
            session = nil
        }
        await fake.stop()
    }
}

extension XCTestCase {
    func startFake(hourlyLimit: Int = 10_000) throws -> FakeUnsplashHarness {
        let harness = try FakeUnsplashHarness(hourlyLimit: hourlyLimit)
        addTeardownBlock { await harness.stop() }
        return harness
    }
}
