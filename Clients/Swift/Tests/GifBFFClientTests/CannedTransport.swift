import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// A transport that answers from a list, in order, and records each request: the client's
/// reading of answers tested without a server.
final class CannedTransport: ClientTransport {
    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    private let answers: Mutex<[Answer]>
    let requests = Mutex<[HTTPRequest]>([])
    /// Each request's body as sent (nil for none), in the same order.
    let bodies = Mutex<[Data?]>([])

    init(_ answers: [Answer]) { self.answers = Mutex(answers) }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        requests.withLock { $0.append(request) }
        let sent: Data? = if let body { try await Data(collecting: body, upTo: 1 << 20) } else { nil }
        bodies.withLock { $0.append(sent) }
        let answer = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let answer else { throw CancellationError() }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return (HTTPResponse(status: .init(code: answer.status), headerFields: fields), HTTPBody(answer.body))
    }
}
