import JSON
import ASCII
import Foundation
import Model
import ProviderHTTP

/// Turns a 2xx body from Unsplash into our types, or into the `.badResponse` / `.notFound` it really is.
struct PhotoResponseReading {
    let mapping: PhotoMapping

    /// `GET /search/photos`: `{"total", "total_pages", "results": [photo]}`. Photos that cannot be
    /// shown (no id, no usable urls) are skipped but counted, so paging stays right; pages past
    /// the end come back empty.
    func searchPage(_ body: Data, endpoint: UnsplashEndpoint, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        try reading(body, endpoint: endpoint) { root throws(UpstreamError) in
            var results, total: JSONView?
            root.forEachMember { key, value in
                switch key {
                case "results": keepFirst(&results, value)
                case "total": keepFirst(&total, value)
                default: break
                }
            }
            guard let results, results.isArray else { throw notItsShape(endpoint) }
            return page(results.elements, totalCount: total?.integer(in: UpstreamNumber.count), requestedOffset: requestedOffset)
        }
    }

    /// `GET /photos`: a bare list; the total, when sent, is the `X-Total` header.
    func feedPage(_ body: Data, endpoint: UnsplashEndpoint, totalHeader: String?, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        try reading(body, endpoint: endpoint) { root throws(UpstreamError) in
            guard root.isArray else { throw notItsShape(endpoint) }
            let total = UpstreamNumber.count.believing(totalHeader.flatMap(WhiteSpace.trimmed).flatMap { Int($0) })
            return page(root.elements, totalCount: total, requestedOffset: requestedOffset)
        }
    }

    /// `GET /photos/{id}` and `GET /photos/random`: one object (random with `count` sends a list;
    /// its first photo is taken, an empty one means nothing matched).
    func single(_ body: Data, endpoint: UnsplashEndpoint) throws(UpstreamError) -> Item {
        try reading(body, endpoint: endpoint) { root throws(UpstreamError) in
            let photo: JSONView
            if root.isObject {
                photo = root
            } else if root.isArray {
                var elements = root.elements
                guard let first = elements.next() else { throw .notFound }
                photo = first
            } else {
                throw notItsShape(endpoint)
            }
            guard let item = mapping.item(photo) else {
                throw .badResponse(reason: "the photo from \(endpoint.displayPath) has no id or usable urls")
            }
            return item
        }
    }

    /// A list's photos mapped, those that cannot be shown skipped (and counted).
    private func page(_ photos: JSONView.Elements, totalCount: Int?, requestedOffset: Int) -> UpstreamPage {
        var items: [Item] = []
        // Room for them all at once: grown from empty, a page's Items were moved five times.
        items.reserveCapacity(min(photos.count, UpstreamPage.itemsReservedAtMost))
        var count = 0
        for photo in photos {
            count += 1
            if let item = mapping.item(photo) { items.append(item) }
        }
        return UpstreamPage(items: items, totalCount: totalCount, count: count, offset: requestedOffset)
    }

    /// `read` given the body's top level, read in place (`JSONView`) under one borrow of its bytes.
    private func reading<T>(_ body: Data, endpoint: UnsplashEndpoint,
                            _ read: (JSONView) throws(UpstreamError) -> T) throws(UpstreamError) -> T {
        guard let document = try? JSONDocument(parsing: body) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        }
        return try document.withView { root in Result { () throws(UpstreamError) in try read(root) } }.get()
    }

    private func notItsShape(_ endpoint: UnsplashEndpoint) -> UpstreamError {
        .badResponse(reason: "the body from \(endpoint.displayPath) is not the JSON Unsplash sends there")
    }

    /// What an error answer says, for the log: the `errors` messages (`{"errors": ["message", ...]}`),
    /// else the start of a plain-text body (Unsplash's "Rate Limit Exceeded"), else nothing.
    static func errorMessages(_ body: Data) -> String? {
        if let errors = JSONDocument.root(of: body)?["errors"] {
            let messages = errors.elements.compactMap(\.meaningfulText)
            if !messages.isEmpty { return String(messages.joined(separator: "; ").prefix(300)) }
        }
        guard let text = WhiteSpace.trimmed(String(decoding: body.prefix(300), as: UTF8.self)),
              !text.hasPrefix("{"), !text.hasPrefix("<") else { return nil }
        return text
    }
}
