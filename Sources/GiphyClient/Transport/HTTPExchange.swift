import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What came back from one request, reduced to what the client reads.
struct HTTPExchange: Sendable {
    var status: Int
    var retryAfter: String?
    var body: Data
}

extension URLSession {
    /// One GET, cancelled (and its completion awaited) when the calling task is cancelled.
    /// The completion-handler task is used rather than `data(for:)` so that cancellation is
    /// certain to reach libcurl: the deadline race relies on it to end promptly.
    func exchange(_ request: URLRequest) async throws -> HTTPExchange {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPExchange, any Error>) in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(returning: HTTPExchange(
                            status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                            body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}
