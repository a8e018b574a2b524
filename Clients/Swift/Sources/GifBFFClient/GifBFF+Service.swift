import Foundation
import OpenAPIRuntime

/// Health, readiness, metrics and the OpenAPI document.
extension GifBFF {
    /// Bodies read as text are at most this long.
    static let largestTextBody = 4 * 1024 * 1024

    /// True when the server answers its liveness check with `ok`.
    public func isHealthy() async throws -> Bool {
        try await unwrappingProblems {
            switch try await raw.getHealth() {
            case let .ok(ok): return try ok.body.json.status == "ok"
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// True when the server is ready for requests (`/readyz`); false while it drains before
    /// stopping or its database does not answer (503 `not_ready`).
    public func isReady() async throws -> Bool {
        try await unwrappingProblems {
            switch try await raw.getReadiness() {
            case let .ok(ok): return try ok.body.json.status == "ready"
            case .serviceUnavailable: return false
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The metrics in the Prometheus text format.
    public func metrics() async throws -> String {
        try await unwrappingProblems {
            switch try await raw.getMetrics() {
            case let .ok(ok): return try await String(collecting: ok.body.plainText, upTo: Self.largestTextBody)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The OpenAPI document the server was built with.
    public func openAPIDocument() async throws -> String {
        try await unwrappingProblems {
            switch try await raw.getOpenAPIDocument() {
            case let .ok(ok): return try await String(collecting: ok.body.yaml, upTo: Self.largestTextBody)
            case let other: throw Self.unexpected(other)
            }
        }
    }
}
