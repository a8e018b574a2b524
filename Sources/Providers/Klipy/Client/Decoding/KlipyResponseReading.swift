import Foundation
import JSON
import Model
import ProviderHTTP

/// Turns a 2xx body from KLIPY into our types, or into the `.badResponse` / `.notFound` it is.
/// KLIPY wraps every answer: `{"result": true, "data": {"data": [item], "current_page",
/// "per_page", "has_next"}}`; `"result": false` is a failure whatever the status.
enum KlipyResponseReading {
    /// A list's page: items that cannot be shown are skipped but counted, so paging stays right.
    /// KLIPY sends no total: on its last page (`has_next` false) the total is known, else not.
    static func page(_ body: Data, endpoint: KlipyEndpoint, requestedOffset: Int) throws(UpstreamError) -> UpstreamPage {
        let data = try payload(body, endpoint: endpoint)
        guard let list = data["data"], list.isArray else { throw notItsShape(endpoint) }
        let elements = list.elements
        let total = data["has_next"]?.bool == false ? requestedOffset + elements.count : nil
        return UpstreamPage(items: elements.compactMap(KlipyMapping.item), totalCount: total, count: elements.count,
                            offset: requestedOffset)
    }

    /// The items endpoint asked for one id: its first item, `notFound` when the list is empty.
    static func single(_ body: Data, endpoint: KlipyEndpoint) throws(UpstreamError) -> Item {
        let data = try payload(body, endpoint: endpoint)
        // Some answers of KLIPY's carry the list as `data` itself (its public clients read both).
        let list = data.isArray ? data : data["data"]
        guard let list, list.isArray else { throw notItsShape(endpoint) }
        guard let first = list.elements.first else { throw .notFound }
        guard let item = KlipyMapping.item(first) else {
            throw .badResponse(reason: "the item from \(endpoint.displayPath) has no id, slug or usable file")
        }
        return item
    }

    /// `data` of a `"result": true` answer.
    private static func payload(_ body: Data, endpoint: KlipyEndpoint) throws(UpstreamError) -> JSONValue {
        guard let root = JSONDocument.root(of: body) else {
            throw .badResponse(reason: "the body from \(endpoint.displayPath) is not JSON")
        }
        guard root.isObject, let result = root["result"]?.bool else { throw notItsShape(endpoint) }
        guard result else {
            throw .badResponse(reason: "KLIPY answered \(endpoint.displayPath) with result false"
                + (errorMessage(body).map { ": \($0)" } ?? ""))
        }
        guard let data = root["data"] else { throw notItsShape(endpoint) }
        return data
    }

    private static func notItsShape(_ endpoint: KlipyEndpoint) -> UpstreamError {
        .badResponse(reason: "the body from \(endpoint.displayPath) is not the JSON KLIPY sends there")
    }

    /// What an error answer says, for the log: `message`, `error`, or `data.message`, as KLIPY's
    /// public clients read them; at most 300 characters.
    static func errorMessage(_ body: Data) -> String? {
        guard let root = JSONDocument.root(of: body), root.isObject else { return nil }
        let said = [root["message"], root["error"], root["data"]?["message"]].lazy.compactMap { $0?.meaningfulText }.first
        return said.map { String($0.prefix(300)) }
    }
}
