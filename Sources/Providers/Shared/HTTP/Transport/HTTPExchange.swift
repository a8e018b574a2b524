import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GifService
import Synchronization

/// What came back from one request, reduced to what the client reads.
public struct HTTPExchange: Sendable {
    public var status: Int
    public var retryAfter: String?
    public var body: Data
    /// Every response header, names lowercased (an upstream's rate-limit and paging headers).
    public var headers: [String: String] = [:]

    /// A header's value by name, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The session's delegate: it collects each response body as it arrives and cancels a call whose
/// Content-Length is over `maxBodyBytes` as soon as the head arrives, or whose body passes it, so
/// an upstream answer can never grow memory without bound.
public final class BoundedExchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the only mutable state, the calls under way, is behind the `calls` mutex.
    private struct Call {
        let continuation: CheckedContinuation<HTTPExchange, any Error>
        var body = Data()
        /// Set when the call is refused for its size: the declared length, if that was the reason.
        var tooLarge: TooLarge?
    }

    private struct TooLarge {
        var declared: Int64?
    }

    public let maxBodyBytes: Int
    private let calls = Mutex<[Int: Call]>([:])

    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// One GET on `session` (whose delegate this is), cancelled (and its completion awaited) when
    /// the calling task is cancelled: the deadline race relies on cancellation reaching libcurl.
    public func exchange(_ request: URLRequest, on session: URLSession) async throws -> HTTPExchange {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPExchange, any Error>) in
                let task = session.dataTask(with: request)
                calls.withLock { $0[task.taskIdentifier] = Call(continuation: continuation) }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// Refuses a declared length over the cap before a byte of body is read. The disposition is
    /// ignored by swift-corelibs-foundation, so the task is cancelled directly.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let declared = response.expectedContentLength
        guard declared > Int64(maxBodyBytes) else { return completionHandler(.allow) }
        calls.withLock { $0[dataTask.taskIdentifier]?.tooLarge = TooLarge(declared: declared) }
        completionHandler(.cancel)
        dataTask.cancel()
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = maxBodyBytes
        let overLimit = calls.withLock { calls -> Bool in
            let id = dataTask.taskIdentifier
            guard let call = calls[id], call.tooLarge == nil else { return false }
            if call.body.count + data.count > limit {
                calls[id]?.tooLarge = TooLarge(declared: nil)
                calls[id]?.body = Data()
                return true
            }
            calls[id]?.body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let call = calls.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let tooLarge = call.tooLarge {
            call.continuation.resume(throwing: TransferFailure.bodyTooLarge(limit: maxBodyBytes, declared: tooLarge.declared))
        } else if let urlError = error as? URLError {
            call.continuation.resume(throwing: TransferFailure.transport(urlError, answered: task.response != nil))
        } else if let error {
            call.continuation.resume(throwing: error)
        } else if let http = task.response as? HTTPURLResponse {
            call.continuation.resume(returning: HTTPExchange(
                status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), body: call.body,
                headers: Self.lowercasedHeaders(http)))
        } else {
            call.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    private static func lowercasedHeaders(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name.lowercased()] = value
        }
        return headers
    }
}
