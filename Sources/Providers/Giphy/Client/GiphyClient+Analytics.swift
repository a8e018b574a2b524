import JSON
import Foundation
import Model
import ProviderHTTP

/// GIPHY's analytics: each install's `random_id` (`/v1/randomid`, kept by the features' `UpstreamIdentities`) and
/// the pingbacks (a GET of a GIF's `analytics.on*.url` with `random_id` and `ts` appended).
extension GiphyClient: PingbackChannel {
    /// The most a pingback may take: it is bookkeeping, never worth a long wait.
    static let pingbackDeadline: Duration = .seconds(5)

    /// One new `random_id` from GIPHY. Made outside the gateway: once per install, so it is not
    /// counted against the hourly budget (it never takes a search's place).
    package func fetchRandomID() async throws -> String {
        let endpoint = GiphyEndpoint.randomID
        let body = try await call(endpoint)
        return try redacting { () throws(UpstreamError) in
            // `{"data": {"random_id": "..."}}`
            guard let id = JSONDocument.root(of: body)?["data"]?["random_id"]?.meaningfulText, id.count <= 200 else {
                throw .badResponse(reason: "no random_id in the body from \(endpoint.displayPath)")
            }
            return id
        }
    }

    /// The install's id when known or stored (its first pingback fetches it); its searches and
    /// trending go without until then, and so do requests for no install.
    func currentRandomID(for install: InstallID?) async -> String? {
        guard let install else { return nil }
        return await identities?.known(for: install)
    }

    /// GETs the pingback url with the install's `random_id` (when it can be had) and `ts` in
    /// milliseconds. Only http(s) urls; the key is never added. Throws `UpstreamError` when it was not taken.
    package func ping(_ url: String, at date: Date, install: InstallID?) async throws {
        var randomID: String?
        if let install {
            randomID = await identities?.resolved(for: install) { [self] in try await fetchRandomID() }
        }
        guard let target = Self.pingbackURL(url, randomID: randomID, at: date) else {
            throw UpstreamError.rejected(status: 0)
        }
        let deadline = min(configuration.deadline, Self.pingbackDeadline)
        let exchange = try await transport.get(target, deadline: deadline)
        guard (200...299).contains(exchange.status) else { throw UpstreamError.serverError(status: exchange.status) }
    }

    /// `url` with `random_id` and `ts` appended to its query; nil unless it is an http(s) url with a host.
    static func pingbackURL(_ url: String, randomID: String?, at date: Date) -> URL? {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else { return nil }
        var added: [(name: String, value: String)] = []
        added.appendIfPresent("random_id", randomID)
        added.append(("ts", String(Int64((date.timeIntervalSince1970 * 1000).rounded()))))
        let addition = added.map { "\(GiphyEndpoint.escape($0.name))=\(GiphyEndpoint.escape($0.value))" }.joined(separator: "&")
        let existing = components.percentEncodedQuery ?? ""
        components.percentEncodedQuery = existing.isEmpty ? addition : existing + "&" + addition
        return components.url
    }
}
