import Model
import Gateway

/// Each feature's boundary: whatever the layers below throw leaves as a `ServiceError`, so every
/// public method of a feature throws only that. `notFound`, when given, replaces the upstream's
/// "no such item" (a random pick that matched nothing). `upstream` names the provider asked, for
/// the details of its errors; nil where none is.
struct ErrorTranslation: Sendable {
    /// Unexpected failures are reported here (the app logs them); callers only see `internal`.
    let report: @Sendable (any Error) -> Void

    func translating<T>(notFound: ServiceError? = nil, upstream: UpstreamNaming? = nil,
                        _ body: () async throws -> T) async throws(ServiceError) -> T {
        do {
            return try await body()
        } catch {
            if let notFound, (error as? UpstreamError) == .notFound { throw notFound }
            throw ServiceError(translating: error, upstream: upstream, report: report)
        }
    }

    /// The same boundary for what runs without waiting.
    func translating<T>(upstream: UpstreamNaming? = nil, _ body: () throws -> T) throws(ServiceError) -> T {
        do {
            return try body()
        } catch {
            throw ServiceError(translating: error, upstream: upstream, report: report)
        }
    }
}
