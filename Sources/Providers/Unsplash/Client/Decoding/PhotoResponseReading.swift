import Foundation
import Service
import ProviderHTTP

/// Turns a 2xx body from Unsplash into our types, or into the `.badResponse` / `.notFound` it really is.
struct PhotoResponseReading {
    let mapping: PhotoMapping

    /// `GET /search/photos`. Photos that cannot be shown (no id, no usable urls) are skipped but
    /// counted, so paging stays right; pages past the end come back empty.
    func searchPage(_ body: Data, endpoint: UnsplashEndpoint, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        let search: UnsplashSearchBody = try decode(body, endpoint: endpoint)
        return page(search.results, totalCount: search.total?.value, requestedOffset: requestedOffset)
    }

    /// `GET /photos`: a bare list; the total, when sent, is the `X-Total` header.
    func feedPage(_ body: Data, endpoint: UnsplashEndpoint, totalHeader: String?, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        let list: [Lenient<UnsplashPhotoObject>] = try decode(body, endpoint: endpoint)
        let total = totalHeader.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
        return page(list, totalCount: total, requestedOffset: requestedOffset)
    }

    /// `GET /photos/{id}` and `GET /photos/random`: one object (random with `count` sends a list;
    /// its first photo is taken, an empty one means nothing matched).
    func single(_ body: Data, endpoint: UnsplashEndpoint) throws(UpstreamError) -> Item {
        let object: UnsplashPhotoObject?
        if let one = try? JSONDecoder().decode(UnsplashPhotoObject.self, from: body), one.id != nil {
            object = one
        } else if let list = try? JSONDecoder().decode([Lenient<UnsplashPhotoObject>].self, from: body) {
            guard let first = list.first else { throw .notFound }
            object = first.value
        } else {
            let _: UnsplashPhotoObject = try decode(body, endpoint: endpoint)
            object = nil
        }
        guard let item = object.flatMap(mapping.item) else {
            throw .badResponse(reason: "the photo from \(endpoint.displayPath) has no id or usable urls")
        }
        return item
    }

    private func page(_ items: [Lenient<UnsplashPhotoObject>], totalCount: Int?, requestedOffset: Int) -> UpstreamPage {
        UpstreamPage(items: items.compactMap { $0.value.flatMap(mapping.item) }, totalCount: totalCount,
                     count: items.count, offset: requestedOffset)
    }

    private func decode<T: Decodable>(_ body: Data, endpoint: UnsplashEndpoint) throws(UpstreamError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch DecodingError.dataCorrupted {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        } catch {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not the JSON Unsplash sends there")
        }
    }

    /// What an error answer says, for the log: the `errors` messages, else the start of a
    /// plain-text body (Unsplash's "Rate Limit Exceeded"), else nothing.
    static func errorMessages(_ body: Data) -> String? {
        if let messages = (try? JSONDecoder().decode(UnsplashErrorBody.self, from: body))?.errors?.compactMap(\.meaningful),
           !messages.isEmpty {
            return String(messages.joined(separator: "; ").prefix(300))
        }
        let text = String(decoding: body.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.hasPrefix("{"), !text.hasPrefix("<") else { return nil }
        return text
    }
}
