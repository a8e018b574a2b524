import ASCII
import Foundation
import JSON
import Model
import ProviderHTTP

/// Turns a 2xx body from Pexels into our types, or into the `.badResponse` it really is.
struct PexelsResponseReading {
    let mapping: PexelsMapping

    /// `GET /v1/search` and `GET /v1/curated`: `{"page", "per_page", "photos": [photo],
    /// "total_results", "prev_page"?, "next_page"?}`. Photos that cannot be shown are skipped but
    /// counted, so paging stays right. `next_page` is absent on the last page: a page that has
    /// photos and no next page ends the list there, whatever `total_results` said.
    func page(_ body: Data, endpoint: PexelsEndpoint, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        let root = try document(body, endpoint: endpoint)
        guard root.isObject, let photos = root["photos"], photos.isArray else { throw notItsShape(endpoint) }
        let count = photos.elements.count
        let stated = root["total_results"]?.integer(in: UpstreamNumber.count)
        let isLast = root["next_page"]?.meaningfulText == nil
        let offset = UpstreamNumber.count.believing(requestedOffset) ?? 0
        let total: Int?
        if isLast, count > 0 {
            total = offset + count
        } else if !isLast, let stated, stated <= offset + count {
            // Pexels says there is more than it counted: how much more, it does not say.
            total = nil
        } else {
            total = stated
        }
        return UpstreamPage(items: photos.elements.compactMap(mapping.item), totalCount: total, count: count, offset: requestedOffset)
    }

    /// `GET /v1/photos/{id}`: one photo object.
    func single(_ body: Data, endpoint: PexelsEndpoint) throws(UpstreamError) -> Item {
        let root = try document(body, endpoint: endpoint)
        guard root.isObject else { throw notItsShape(endpoint) }
        guard let item = mapping.item(root) else {
            throw .badResponse(reason: "the photo from \(endpoint.displayPath) has no id or usable src")
        }
        return item
    }

    private func document(_ body: Data, endpoint: PexelsEndpoint) throws(UpstreamError) -> JSONValue {
        guard let root = JSONDocument.root(of: body) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        }
        return root
    }

    private func notItsShape(_ endpoint: PexelsEndpoint) -> UpstreamError {
        .badResponse(reason: "the body from \(endpoint.displayPath) is not the JSON Pexels sends there")
    }

    /// What an error answer says, for the log: Pexels' `{"error": "message"}`, else the start of a
    /// plain-text body, else nothing.
    static func errorMessage(_ body: Data) -> String? {
        if let message = JSONDocument.root(of: body)?["error"]?.meaningfulText { return String(message.prefix(300)) }
        guard let text = WhiteSpace.trimmed(String(decoding: body.prefix(300), as: UTF8.self)),
              !text.hasPrefix("{"), !text.hasPrefix("<") else { return nil }
        return text
    }
}
