import Foundation
import Model
import ProviderHTTP

/// KLIPY's API as a `Provider`, on one long-lived `UpstreamTransport` with the shared transport
/// rules (a total deadline, a body cap, every failure one `UpstreamError`). The app key is in
/// the URL's path, as KLIPY takes it: never in a reason or a log line (`KlipyEndpoint.displayPath`
/// names it `{app_key}`, and every error is redacted once more on the way out).
package final class KlipyClient: Provider {
    package let configuration: KeyedClientConfiguration
    private let transport: UpstreamTransport
    /// The base URL as every call's URL begins; nil when it is unusable.
    private let urlBase: UpstreamURLBase?
    /// Each install's `customer_id`: a pseudonym made here once per install and kept by the
    /// features' store (never the install's token or id); nil: none is sent.
    private let identities: (any UpstreamIdentities)?
    private let log: @Sendable (String) -> Void

    /// `log` receives one line per failed call, with KLIPY's own error message (key removed).
    package init(configuration: KeyedClientConfiguration, identities: (any UpstreamIdentities)? = nil,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.identities = identities
        self.log = log
        urlBase = UpstreamURLBase(configuration.baseURL)
        transport = UpstreamTransport(maxBodyBytes: configuration.maxBodyBytes, maxConnections: configuration.maxConnections)
    }

    /// Closes the client's connections and its transport's descriptors.
    package func shutdown() async { await transport.shutdown() }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let endpoint = KlipyEndpoint.search(request, customerID: await customerID(for: request.install))
        let body = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in
            try KlipyResponseReading.page(body, endpoint: endpoint, requestedOffset: request.offset)
        }
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let endpoint = KlipyEndpoint.trending(request, customerID: await customerID(for: request.install))
        let body = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in
            try KlipyResponseReading.page(body, endpoint: endpoint, requestedOffset: request.offset)
        }
    }

    /// `id` is ours without the "klipy:" prefix: KLIPY's number, `sticker-` before a sticker's.
    package func item(id: String) async throws -> Item {
        guard let lookup = Klipy.lookup(id) else { throw UpstreamError.notFound }
        let endpoint = KlipyEndpoint.items(id: lookup.id, sticker: lookup.sticker)
        let body = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in try KlipyResponseReading.single(body, endpoint: endpoint) }
    }

    /// KLIPY has no random endpoint: one of the first page of a search for `tag` (trending
    /// without one), picked here; nothing there is `notFound`.
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let limit = Klipy.rules.defaultLimit
        let page: UpstreamPage
        if let tag, !tag.allSatisfy(\.isWhitespace) {
            page = try await search(SearchRequest(query: tag, offset: 0, limit: limit, rating: rating, type: type))
        } else {
            page = try await trending(TrendingRequest(offset: 0, limit: limit, rating: rating, type: type))
        }
        guard let item = page.items.randomElement() else { throw UpstreamError.notFound }
        return item
    }

    /// The install's pseudonym, made once (a random 128-bit number: nothing of the install's) and
    /// kept; none for a request of no install.
    func customerID(for install: InstallID?) async -> String? {
        guard let install, let identities else { return nil }
        return await identities.resolved(for: install) { Self.newCustomerID() }
    }

    /// 32 hexadecimal digits from the system's generator.
    static func newCustomerID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// One GET within the deadline; returns a 2xx body, throws the mapped error otherwise.
    private func call(_ endpoint: KlipyEndpoint) async throws(UpstreamError) -> Data {
        guard let url = urlBase.map({ endpoint.url(on: $0, apiKey: configuration.apiKey) }) else {
            throw reported(.unavailable(reason: "cannot build a URL for \(endpoint.displayPath) from the base URL"), endpoint: endpoint)
        }
        let exchange: HTTPExchange
        do {
            exchange = try await transport.get(url, headers: ["Accept": "application/json"], deadline: configuration.deadline)
        } catch {
            throw reported(FailureMapping.error(thrown: error, endpoint: endpoint), endpoint: endpoint)
        }
        guard (200...299).contains(exchange.status) else {
            throw reported(FailureMapping.error(status: exchange.status, retryAfter: exchange.retryAfter, endpoint: endpoint),
                           endpoint: endpoint, message: KlipyResponseReading.errorMessage(exchange.body))
        }
        return exchange.body
    }

    private func reported<T>(_ endpoint: KlipyEndpoint, _ read: () throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        do {
            return try read()
        } catch {
            throw reported(error, endpoint: endpoint)
        }
    }

    /// The error with the key removed (belt and braces: reasons are built without it), logged once.
    private func reported(_ error: UpstreamError, endpoint: KlipyEndpoint, message: String? = nil) -> UpstreamError {
        let key = configuration.apiKey
        let clean = KeyRedaction.redact(error, key: key)
        let said = message.map { " (KLIPY said: \($0))" } ?? ""
        log(KeyRedaction.redact("KLIPY GET \(endpoint.displayPath): \(clean)\(said)", key: key))
        return clean
    }
}
