import JSON
import Foundation
import Model
import ProviderHTTP

/// Turns a 2xx body into our types, or into the `.badResponse` / `.notFound` it really is.
enum ResponseReading {
    /// The body's top level, which must be a JSON object.
    static func object(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> JSONValue {
        guard let root = JSONDocument.root(of: body) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        }
        guard root.isObject else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not a JSON object")
        }
        return root
    }

    static func envelope(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> GiphyEnvelope {
        let envelope = GiphyEnvelope(try object(body, endpoint: endpoint))
        if envelope.isSynthetic {
            throw .badResponse(reason: "GIPHY sent a synthetic response (its back end failed) for \(endpoint.displayPath)")
        }
        // An error status inside a 200 is still an error.
        if let status = envelope.meta?.status, status >= 400 {
            throw FailureMapping.error(status: status, retryAfter: nil, endpoint: endpoint)
        }
        return envelope
    }

    /// A list endpoint's page. Items that are not GIFs (no id or page url) are skipped.
    static func page(_ body: Data, endpoint: GiphyEndpoint, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        let envelope = try envelope(body, endpoint: endpoint)
        let items: [JSONValue]
        switch envelope.data {
        case .list(let list): items = list
        case .single(let object): items = [object]
        case .absent: throw .badResponse(reason: "no data in the body from \(endpoint.displayPath)")
        }
        let gifs = items.compactMap(GIFMapping.gif)
        let pagination = envelope.pagination
        return UpstreamPage(
            items: gifs,
            totalCount: pagination?.totalCount,
            // The upstream's own count keeps paging right even when an item was skipped.
            count: pagination?.count ?? items.count,
            offset: pagination?.offset ?? requestedOffset)
    }

    /// The one GIF of get-by-id and random. `random` sends one object; a list is tolerated.
    /// An empty `data` means there is no such GIF (an unknown id, or no GIF for a tag).
    static func single(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> Item {
        let envelope = try envelope(body, endpoint: endpoint)
        let object: JSONValue
        switch envelope.data {
        case .single(let single): object = single
        case .list(let list):
            guard let first = list.first else { throw .notFound }
            object = first
        case .absent: throw .badResponse(reason: "no data in the body from \(endpoint.displayPath)")
        }
        guard let gif = GIFMapping.gif(object) else {
            throw .badResponse(reason: "the GIF from \(endpoint.displayPath) has no id or url")
        }
        return gif
    }

    /// The terms of autocomplete or trending searches, in GIPHY's order. An empty list is a real
    /// answer here ("no suggestions"), not a synthetic response.
    static func terms(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> [String] {
        guard let root = JSONDocument.root(of: body), root.isObject else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not a JSON object")
        }
        if let status = root["meta"].flatMap(GiphyMeta.init)?.status, status >= 400 {
            throw FailureMapping.error(status: status, retryAfter: nil, endpoint: endpoint)
        }
        guard let terms = GiphyTerms.terms(in: root) else {
            throw .badResponse(reason: "no list of terms in the body from \(endpoint.displayPath)")
        }
        return terms
    }
}
