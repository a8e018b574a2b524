import ASCII
import Foundation
import Model
import ProviderHTTP
import Synchronization

/// Pexels' API as a `Provider`, on one long-lived `UpstreamTransport` with the other clients'
/// transport rules (a total deadline, a body cap, every failure one `UpstreamError`). The key
/// travels only in the `Authorization` header, bare as Pexels asks: never in a URL, a reason or
/// a log line.
package final class PexelsClient: Provider {
    /// What every call names itself as: Pexels refuses a call with no `User-Agent` (403), and
    /// libcurl sends none.
    static let userAgent = "gif-bff"

    package let configuration: KeyedClientConfiguration
    private let transport: UpstreamTransport
    /// The base URL as every call's URL begins; nil when it is unusable.
    private let urlBase: UpstreamURLBase?
    private let reading = PexelsResponseReading(mapping: PexelsMapping())
    private let log: @Sendable (String) -> Void
    private let remaining = Mutex<ReportedCallsRemaining?>(nil)

    /// `log` receives one line per failed call, with Pexels' own error message (key removed).
    package init(configuration: KeyedClientConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.log = log
        urlBase = UpstreamURLBase(configuration.baseURL)
        transport = UpstreamTransport(maxBodyBytes: configuration.maxBodyBytes, maxConnections: configuration.maxConnections)
    }

    /// Pexels' `X-Ratelimit-Remaining`, sent on its 2xx answers only: the calls left of the
    /// key's monthly quota (its hourly limit is not reported; our budget keeps within it).
    package var reportedCallsRemaining: ReportedCallsRemaining? { remaining.withLock { $0 } }

    /// Closes the client's connections and its transport's descriptors; calls after it fail as
    /// `UpstreamError.unavailable`.
    package func shutdown() async { await transport.shutdown() }

    /// Pexels takes neither a rating, an order nor a type: a search is its query and page.
    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        try await page(.search(query: request.query, offset: request.offset, limit: request.limit), offset: request.offset)
    }

    /// Pexels' curated photos.
    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        try await page(.curated(offset: request.offset, limit: request.limit), offset: request.offset)
    }

    /// `id` is Pexels' own, without our "pexels:" prefix.
    package func item(id: String) async throws -> Item {
        let endpoint = PexelsEndpoint.photo(id: id)
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in try reading.single(exchange.body, endpoint: endpoint) }
    }

    /// Pexels has no random endpoint: one call for a full page (80) of the search for `tag`, or
    /// of the curated photos without one, and a photo picked from it. None is `notFound`.
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let query = tag.flatMap { WhiteSpace.isBlank($0) ? nil : $0 }
        let endpoint: PexelsEndpoint = query.map { .search(query: $0, offset: 0, limit: Pexels.maxPerPage) }
            ?? .curated(offset: 0, limit: Pexels.maxPerPage)
        let found = try await page(endpoint, offset: 0)
        guard let item = found.items.randomElement() else { throw UpstreamError.notFound }
        return item
    }

    private func page(_ endpoint: PexelsEndpoint, offset: Int) async throws(UpstreamError) -> UpstreamPage {
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in
            try reading.page(exchange.body, endpoint: endpoint, requestedOffset: offset)
        }
    }

    /// One GET within the deadline; returns a 2xx exchange, throws the mapped error otherwise.
    private func call(_ endpoint: PexelsEndpoint) async throws(UpstreamError) -> HTTPExchange {
        guard let url = urlBase.map(endpoint.url(on:)) else {
            throw reported(.unavailable(reason: "cannot build a URL for \(endpoint.displayPath) from the base URL"), endpoint: endpoint)
        }
        // Pexels refuses a call without a User-Agent (403), which libcurl does not send unasked.
        let headers = ["Accept": "application/json", "Authorization": configuration.apiKey, "User-Agent": Self.userAgent]
        let exchange: HTTPExchange
        do {
            exchange = try await transport.get(url, headers: headers, deadline: configuration.deadline)
        } catch {
            throw reported(FailureMapping.error(thrown: error, endpoint: endpoint), endpoint: endpoint)
        }
        guard (200...299).contains(exchange.status) else {
            throw reported(FailureMapping.error(status: exchange.status, retryAfter: exchange.retryAfter, endpoint: endpoint),
                           endpoint: endpoint, message: PexelsResponseReading.errorMessage(exchange.body))
        }
        noteRemaining(exchange.header("X-Ratelimit-Remaining"))
        return exchange
    }

    private func noteRemaining(_ header: String?) {
        guard let calls = UpstreamNumber.count.believing(header.flatMap(WhiteSpace.trimmed).flatMap { Int($0) }) else { return }
        remaining.withLock { $0 = ReportedCallsRemaining(calls: calls, at: Date()) }
    }

    private func reported<T>(_ endpoint: PexelsEndpoint, _ read: () throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        do {
            return try read()
        } catch {
            throw reported(error, endpoint: endpoint)
        }
    }

    /// The error with the key removed (belt and braces: reasons are built without it), logged once.
    private func reported(_ error: UpstreamError, endpoint: PexelsEndpoint, message: String? = nil) -> UpstreamError {
        let key = configuration.apiKey
        let clean = KeyRedaction.redact(error, key: key)
        let said = message.map { " (Pexels said: \($0))" } ?? ""
        log(KeyRedaction.redact("Pexels GET \(endpoint.displayPath): \(clean)\(said)", key: key))
        return clean
    }
}
