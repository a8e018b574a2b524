import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An error answer, typed: switch on `code` (`knownCode` when it is one this client was built
/// with), honour `retryAfterSeconds`, show `detail` to people. A body that is not a gif-bff
/// problem (a proxy's HTML page, say) gives a problem with no `code`, only its status.
public struct GifBFFProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public typealias KnownCode = Components.Schemas.ProblemCode.Value1Payload

    public let status: Int
    /// gif-bff's stable code, known to this client or not; nil when the answer was not a problem.
    public let code: String?
    public let title: String?
    public let detail: String?
    /// `Retry-After` in seconds, when the answer had one.
    public let retryAfterSeconds: Int?

    /// The code as an enum value, when it is one this client knows; a newer server may send others.
    public var knownCode: KnownCode? { code.flatMap(KnownCode.init(rawValue:)) }

    public var description: String {
        "\(status) \(code ?? "(not a gif-bff problem)")\(detail.map { ": \($0)" } ?? "")"
    }

    public init(status: Int, code: String?, title: String?, detail: String?, retryAfterSeconds: Int?) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The problem in an error answer: its JSON body read as RFC 9457 when it is one.
    init(status: Int, headers: HTTPFields, body: Data) {
        let problem = (headers[.contentType] ?? "").hasPrefix("application/problem+json")
            ? try? JSONDecoder().decode(Components.Schemas.ProblemDetails.self, from: body) : nil
        self.init(status: status,
                  code: problem?.code.text,
                  title: problem?.title,
                  detail: problem?.detail,
                  retryAfterSeconds: headers[.retryAfter].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }
}

/// Turns every error answer (status 400 and above) into a thrown `GifBFFProblem`, so callers
/// get one error type instead of a case per status and per operation.
struct ProblemMiddleware: ClientMiddleware {
    /// Problem bodies are small; a bigger error body is a proxy's page, read no further than this.
    static let largestBody = 64 * 1024

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var bytes = Data()
        if let responseBody {
            for try await chunk in responseBody where bytes.count < Self.largestBody {
                bytes.append(contentsOf: chunk)
            }
        }
        throw GifBFFProblem(status: response.status.code, headers: response.headerFields, body: bytes)
    }
}

extension Components.Schemas.ProblemCode {
    /// The code's text, known or not.
    public var text: String { value1?.rawValue ?? value2 ?? "" }
}
