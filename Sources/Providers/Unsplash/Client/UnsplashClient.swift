import ASCII
import Foundation
import Model
import ProviderHTTP
import Synchronization

/// Unsplash's API as a `Provider`, on one long-lived `UpstreamTransport` with GIPHY's transport rules
/// (a total deadline, a body cap, every failure one `UpstreamError`). The access key travels
/// only in the `Authorization` header: never in a URL, a reason or a log line.
package final class UnsplashClient: Provider {
    package let configuration: UnsplashClientConfiguration
    private let transport: UpstreamTransport
    /// The base URL as every call's URL begins; nil when it is unusable.
    private let urlBase: UpstreamURLBase?
    /// The same on every call: made once.
    private let headers: [String: String]
    private let reading: PhotoResponseReading
    private let log: @Sendable (String) -> Void
    private let remaining = Mutex<ReportedCallsRemaining?>(nil)

    /// `log` receives one line per failed call, with Unsplash's own error messages (key removed).
    package init(configuration: UnsplashClientConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.log = log
        urlBase = UpstreamURLBase(configuration.baseURL)
        headers = ["Accept": "application/json", "Accept-Version": "v1", "Authorization": "Client-ID \(configuration.accessKey)"]
        reading = PhotoResponseReading(mapping: PhotoMapping(appName: configuration.appName))
        transport = UpstreamTransport(maxBodyBytes: configuration.maxBodyBytes, maxConnections: configuration.maxConnections)
    }

    package var reportedCallsRemaining: ReportedCallsRemaining? { remaining.withLock { $0 } }

    /// Closes the client's connections and its transport's descriptors; calls after it fail as
    /// `UpstreamError.unavailable`.
    package func shutdown() async { await transport.shutdown() }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let endpoint = UnsplashEndpoint.search(request)
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in
            try reading.searchPage(exchange.body, endpoint: endpoint, requestedOffset: request.offset)
        }
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let endpoint = UnsplashEndpoint.editorialFeed(request)
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in
            try reading.feedPage(exchange.body, endpoint: endpoint, totalHeader: exchange.header("X-Total"),
                                 requestedOffset: request.offset)
        }
    }

    /// `id` is Unsplash's own, without our "unsplash:" prefix.
    package func item(id: String) async throws -> Item {
        let endpoint = UnsplashEndpoint.photo(id: id)
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in try reading.single(exchange.body, endpoint: endpoint) }
    }

    /// `type` has no meaning at Unsplash (the service refuses stickers for it); `rating` becomes
    /// its `content_filter` (see `UnsplashEndpoint`).
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let endpoint = UnsplashEndpoint.random(query: tag, rating: rating)
        let exchange = try await call(endpoint)
        return try reported(endpoint) { () throws(UpstreamError) in try reading.single(exchange.body, endpoint: endpoint) }
    }

    /// Unsplash's download tracking: a GET of the photo's `download_location` as given (query
    /// kept), with the key. Only ever to the configured API host, so the key goes nowhere else.
    package func trackDownload(of item: Item) async throws {
        guard let text = item.upstreamLinks?.downloadLocation, let url = URL(string: text) else {
            throw reported(.badResponse(reason: "the photo has no download location to report the download to"))
        }
        guard let target = Self.sameOrigin(url, configuration.baseURL) ? url : rebasedDownloadLocation(url, of: item) else {
            throw reported(.badResponse(reason: "the photo's download location is not on the Unsplash API host; not called"))
        }
        _ = try await call(.downloadTracking(target))
    }

    /// A kept photo's location written for another base URL (a favorite kept since another base
    /// URL was configured, or since a demo run) is this photo's own download path: the same path
    /// and query on ours. Anything else stays refused.
    private func rebasedDownloadLocation(_ url: URL, of item: Item) -> URL? {
        guard let id = ItemID(item.id), id.provider == .unsplash,
              let location = URLComponents(url: url, resolvingAgainstBaseURL: false),
              location.percentEncodedPath.hasSuffix("/photos/\(id.upstreamID)/download"),
              let rebased = UnsplashEndpoint(path: ["photos", id.upstreamID, "download"]).url(on: urlBase),
              var components = URLComponents(string: rebased) else { return nil }
        components.percentEncodedQuery = location.percentEncodedQuery
        return components.url
    }

    /// One GET within the deadline; returns a 2xx exchange, throws the mapped error otherwise.
    /// Every answer, errors included, updates the reported calls remaining.
    private func call(_ endpoint: UnsplashEndpoint) async throws(UpstreamError) -> HTTPExchange {
        guard let url = endpoint.url(on: urlBase) else {
            throw reported(.unavailable(reason: "cannot build a URL for \(endpoint.displayPath) from the base URL"))
        }
        let exchange: HTTPExchange
        do {
            exchange = try await transport.get(url, headers: headers, deadline: configuration.deadline)
        } catch {
            throw reported(FailureMapping.error(thrown: error, endpoint: endpoint), endpoint: endpoint)
        }
        noteRemaining(exchange.header("X-Ratelimit-Remaining"))
        guard (200...299).contains(exchange.status) else {
            let messages = PhotoResponseReading.errorMessages(exchange.body)
            throw reported(UnsplashStatusMapping.error(exchange, endpoint: endpoint), endpoint: endpoint, messages: messages)
        }
        return exchange
    }

    private func noteRemaining(_ header: String?) {
        guard let calls = UpstreamNumber.count.believing(header.flatMap(WhiteSpace.trimmed).flatMap { Int($0) }) else { return }
        remaining.withLock { $0 = ReportedCallsRemaining(calls: calls, at: Date()) }
    }

    private func reported<T>(_ endpoint: UnsplashEndpoint, _ read: () throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        do {
            return try read()
        } catch {
            throw reported(error, endpoint: endpoint)
        }
    }

    /// The error with the key removed (belt and braces: reasons are built without it), logged once.
    private func reported(_ error: UpstreamError, endpoint: UnsplashEndpoint? = nil, messages: String? = nil) -> UpstreamError {
        let key = configuration.accessKey
        let clean = KeyRedaction.redact(error, key: key)
        let said = messages.map { " (Unsplash said: \($0))" } ?? ""
        log(KeyRedaction.redact("Unsplash GET \(endpoint?.displayPath ?? "download"): \(clean)\(said)", key: key))
        return clean
    }

    /// Same scheme, host and port: where the configured API lives.
    static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == base.scheme?.lowercased(),
              let host = url.host?.lowercased(), host == base.host?.lowercased() else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        return (url.port ?? defaultPort) == (base.port ?? defaultPort)
    }
}
