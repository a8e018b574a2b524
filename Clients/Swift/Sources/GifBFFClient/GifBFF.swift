import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenAPIRuntime
import OpenAPIURLSession

/// gif-bff for an app: one method per operation, values an app draws instead of response enums
/// (one `Item` for a GIF or a photo), every error answer thrown as `GifBFFProblem`, and GETs
/// revalidated with their `ETag` (see `ETagCache`); the app's install token, when it gives a
/// provider, on every request. `raw` is the generated client, for anything this layer does not
/// cover.
public struct GifBFF: Sendable {
    public let raw: Client
    public let etags: ETagCache?

    /// - Parameters:
    ///   - baseURL: where gif-bff listens, e.g. `http://127.0.0.1:8080`.
    ///   - etags: where answers are kept for `If-None-Match`; nil to always download.
    ///   - installToken: the app's install token (see `registerInstall()`), asked before each
    ///     request; nil to act for the server's shared local install.
    public init(baseURL: URL, session: URLSession = .shared, etags: ETagCache? = ETagCache(),
                installToken: InstallTokenProvider? = nil) {
        self.init(baseURL: baseURL, transport: URLSessionTransport(configuration: .init(session: session)), etags: etags,
                  installToken: installToken)
    }

    /// Over any transport (a test's, say).
    public init(baseURL: URL, transport: any ClientTransport, etags: ETagCache? = ETagCache(),
                installToken: InstallTokenProvider? = nil) {
        var middlewares: [any ClientMiddleware] = [ProblemMiddleware(), IfNoneMatchMiddleware()]
        if let installToken { middlewares.append(InstallTokenMiddleware(token: installToken)) }
        raw = Client(serverURL: baseURL, transport: transport, middlewares: middlewares)
        self.etags = etags
    }

    /// Runs one GET through the ETag cache: sends the held tag, keeps a fresh answer, reuses the
    /// held one on 304. Errors come out as `GifBFFProblem` when the server answered.
    func revalidating<Value: Sendable>(_ key: String,
                                       _ call: @Sendable (_ ifNoneMatch: String?) async throws -> Revalidated<Value>)
        async throws -> Value {
        let tag = await etags?.tag(for: key)
        switch try await unwrappingProblems({ try await call(tag) }) {
        case let .fresh(value, tag: newTag):
            if let newTag { await etags?.store(value, tag: newTag, for: key) }
            return value
        case .notModified:
            if let held = await etags?.reuse(Value.self, for: key) { return held }
            // A 304 for a tag not sent by us (cannot happen with our own cache): ask in full.
            guard case let .fresh(value, _) = try await unwrappingProblems({ try await call(nil) }) else {
                throw GifBFFProblem(status: 304, code: nil, title: nil, detail: "304 without a held answer", retryAfterSeconds: nil)
            }
            return value
        }
    }

    /// The ETag cache's key for one GET: the operation and its parameters, unambiguous.
    static func cacheKey(_ operation: String, _ parameters: String?...) -> String {
        ([operation] + parameters.map { $0.map { "=" + $0 } ?? "-" }).joined(separator: "\u{1F}")
    }

    /// The generated client wraps middleware errors in `ClientError`; callers want the problem
    /// (or the token provider's error) itself.
    func unwrappingProblems<Value>(_ call: () async throws -> Value) async throws -> Value {
        do {
            return try await call()
        } catch let error as ClientError {
            if let problem = error.underlyingError as? GifBFFProblem { throw problem }
            // The app's install token provider failed: its own error, as it threw it.
            if let unavailable = error.underlyingError as? InstallTokenUnavailable { throw unavailable.underlying }
            throw error
        }
    }

    /// An answer the spec does not lead to (the middleware throws every error status).
    static func unexpected(_ output: some Sendable) -> GifBFFProblem {
        GifBFFProblem(status: 0, code: nil, title: nil, detail: "unexpected answer: \(output)", retryAfterSeconds: nil)
    }
}
