import JSON
import Foundation
import Model
import ProviderHTTP

/// Turns a 2xx body into our types, or into the `.badResponse` / `.notFound` it really is. Each
/// body is read in place (`JSONView`), the whole of it under one borrow of its bytes.
enum ResponseReading {
    /// The body parsed; its top level must be a JSON object.
    static func document(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> JSONDocument {
        guard let document = try? JSONDocument(parsing: body) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        }
        guard document.withView({ $0.isObject }) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not a JSON object")
        }
        return document
    }

    /// `read` given the body's top-level object, read in place.
    private static func reading<T>(_ body: Data, endpoint: GiphyEndpoint,
                                   _ read: (JSONView) throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        try document(body, endpoint: endpoint).withView { root in Result { () throws(UpstreamError) in try read(root) } }.get()
    }

    static func envelope(_ root: JSONView, endpoint: GiphyEndpoint) throws(UpstreamError) -> GiphyEnvelope {
        let envelope = GiphyEnvelope(root)
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
        try reading(body, endpoint: endpoint) { root throws(UpstreamError) in
            let envelope = try envelope(root, endpoint: endpoint)
            var gifs: [Item] = []
            var count = 0
            switch envelope.data {
            case .list(let list):
                // Room for them all at once: grown from empty, a page's Items were moved five times.
                gifs.reserveCapacity(min(list.count, UpstreamPage.itemsReservedAtMost))
                for object in list {
                    count += 1
                    if let gif = GIFMapping.gif(object) { gifs.append(gif) }
                }
            case .single(let object):
                count = 1
                if let gif = GIFMapping.gif(object) { gifs.append(gif) }
            case .absent: throw .badResponse(reason: "no data in the body from \(endpoint.displayPath)")
            }
            let pagination = envelope.pagination
            return UpstreamPage(
                items: gifs,
                totalCount: pagination?.totalCount,
                // The upstream's own count keeps paging right even when an item was skipped.
                count: pagination?.count ?? count,
                offset: pagination?.offset ?? requestedOffset)
        }
    }

    /// The one GIF of get-by-id and random. `random` sends one object; a list is tolerated.
    /// An empty `data` means there is no such GIF (an unknown id, or no GIF for a tag).
    static func single(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> Item {
        try reading(body, endpoint: endpoint) { root throws(UpstreamError) in
            let envelope = try envelope(root, endpoint: endpoint)
            let object: JSONView
            switch envelope.data {
            case .single(let single): object = single
            case .list(var list):
                guard let first = list.next() else { throw .notFound }
                object = first
            case .absent: throw .badResponse(reason: "no data in the body from \(endpoint.displayPath)")
            }
            guard let gif = GIFMapping.gif(object) else {
                throw .badResponse(reason: "the GIF from \(endpoint.displayPath) has no id or url")
            }
            return gif
        }
    }

    /// The terms of autocomplete or trending searches, in GIPHY's order. An empty list is a real
    /// answer here ("no suggestions"), not a synthetic response.
    static func terms(_ body: Data, endpoint: GiphyEndpoint) throws(UpstreamError) -> [String] {
        guard let document = try? JSONDocument(parsing: body), document.withView({ $0.isObject }) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not a JSON object")
        }
        return try document.withView { root in
            Result { () throws(UpstreamError) in
                if let status = root["meta"].flatMap(GiphyMeta.init)?.status, status >= 400 {
                    throw FailureMapping.error(status: status, retryAfter: nil, endpoint: endpoint)
                }
                guard let terms = GiphyTerms.terms(in: root) else {
                    throw .badResponse(reason: "no list of terms in the body from \(endpoint.displayPath)")
                }
                return terms
            }
        }.get()
    }
}
