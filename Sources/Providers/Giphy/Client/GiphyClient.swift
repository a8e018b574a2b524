import Foundation
import Model
import ProviderHTTP

/// GIPHY's REST API as a `Provider`, on one long-lived `UpstreamTransport`.
/// Every call has a total deadline and throws `UpstreamError` only; no error reason ever holds
/// the key (they are written from status codes and paths, and redacted once more on the way out).
package final class GiphyClient: Provider {
    package let configuration: GiphyClientConfiguration
    let transport: UpstreamTransport
    /// The base URL and key as every call's URL holds them; nil when the base URL is unusable.
    let urlRoot: GiphyURLRoot?
    /// Each install's `random_id`, sent on its searches, trending and pingbacks (GiphyClient+Analytics.swift).
    let identities: (any UpstreamIdentities)?

    /// `identities`: where each install's `random_id` is kept; without them, none is sent.
    package init(configuration: GiphyClientConfiguration, identities: (any UpstreamIdentities)? = nil) {
        self.configuration = configuration
        self.identities = identities
        urlRoot = GiphyURLRoot(base: configuration.baseURL, apiKey: configuration.apiKey)
        transport = UpstreamTransport(maxBodyBytes: configuration.maxBodyBytes, maxConnections: configuration.maxConnections)
    }

    /// Closes the client's connections and its transport's descriptors; calls after it fail as
    /// `UpstreamError.unavailable`.
    package func shutdown() async { await transport.shutdown() }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let endpoint = GiphyEndpoint.search(request, countryCode: configuration.countryCode, randomID: await currentRandomID(for: request.install))
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in
            try ResponseReading.page(body, endpoint: endpoint, requestedOffset: request.offset)
        }
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let endpoint = GiphyEndpoint.trending(request, countryCode: configuration.countryCode, randomID: await currentRandomID(for: request.install))
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in
            try ResponseReading.page(body, endpoint: endpoint, requestedOffset: request.offset)
        }
    }

    package func item(id: String) async throws -> Item {
        let endpoint = GiphyEndpoint.gif(id: id)
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in try ResponseReading.single(body, endpoint: endpoint) }
    }

    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let endpoint = GiphyEndpoint.random(tag: tag, rating: rating, type: type)
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in try ResponseReading.single(body, endpoint: endpoint) }
    }

    package func searchSuggestions(for query: String, limit: Int) async throws -> [String] {
        let endpoint = GiphyEndpoint.searchTags(query: query, limit: limit)
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in try ResponseReading.terms(body, endpoint: endpoint) }
    }

    package func trendingSearches() async throws -> [String] {
        let endpoint = GiphyEndpoint.trendingSearches
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in try ResponseReading.terms(body, endpoint: endpoint) }
    }

    /// One GET within the deadline; returns a 2xx body, throws the mapped error otherwise.
    func call(_ endpoint: GiphyEndpoint) async throws(UpstreamError) -> Data {
        guard let urlRoot else {
            throw .unavailable(reason: "cannot build a URL for \(endpoint.displayPath) from the base URL")
        }
        let exchange: HTTPExchange
        do {
            exchange = try await transport.get(endpoint.url(on: urlRoot), headers: Self.acceptJSON, deadline: configuration.deadline)
        } catch {
            throw redacted(FailureMapping.error(thrown: error, endpoint: endpoint))
        }
        guard (200...299).contains(exchange.status) else {
            throw redacted(FailureMapping.error(status: exchange.status, retryAfter: exchange.retryAfter, endpoint: endpoint))
        }
        return exchange.body
    }

    private static let acceptJSON = ["Accept": "application/json"]

    func redacting<T>(_ read: () throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        do {
            return try read()
        } catch {
            throw redacted(error)
        }
    }

    /// Belt and braces: reasons are built without the key, and any that still holds it loses it.
    private func redacted(_ error: UpstreamError) -> UpstreamError {
        KeyRedaction.redact(error, key: configuration.apiKey)
    }
}
