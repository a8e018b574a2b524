import FakeUpstream
import GiphyCatalog

/// GIPHY's response bodies: the `{data, pagination, meta}` envelope and its error bodies.
enum Envelope {
    /// `analyticsBase`: where the GIFs' pingback urls point (none without it).
    static func list(_ gifs: [CatalogGIF], kind: APIKind, totalCount: Int, offset: Int, responseID: String,
                     analyticsBase: String? = nil) -> String {
        JSONValue.object([
            ("data", .array(gifs.map { GiphyGIFJSON.object($0, kind: kind, analyticsBase: analyticsBase) })),
            ("pagination", .object([("total_count", .int(totalCount)), ("count", .int(gifs.count)), ("offset", .int(offset))])),
            ("meta", meta(status: 200, message: "OK", responseID: responseID)),
        ]).text
    }

    /// `random` and get-by-id: `data` is one object and there is no pagination.
    static func single(_ gif: CatalogGIF, kind: APIKind, responseID: String, analyticsBase: String? = nil) -> String {
        JSONValue.object([
            ("data", GiphyGIFJSON.object(gif, kind: kind, analyticsBase: analyticsBase)),
            ("meta", meta(status: 200, message: "OK", responseID: responseID)),
        ]).text
    }

    /// What `random` says when nothing matches the tag: an empty list, not an object.
    static func emptyRandom(responseID: String) -> String {
        JSONValue.object([("data", .array([])), ("meta", meta(status: 200, message: "OK", responseID: responseID))]).text
    }

    /// Autocomplete and trending searches: `data` is a plain list of terms, no pagination.
    static func terms(_ items: [JSONValue], responseID: String) -> String {
        JSONValue.object([("data", .array(items)), ("meta", meta(status: 200, message: "OK", responseID: responseID))]).text
    }

    /// The error body with a meta object: `{"data":[],"meta":{...}}`.
    static func metaError(status: Int, message: String, responseID: String = "") -> String {
        JSONValue.object([("data", .array([])), ("meta", meta(status: status, message: message, responseID: responseID))]).text
    }

    /// The gateway's error body, with no meta: `{"message":"..."}`.
    static func messageError(_ message: String) -> String {
        JSONValue.object([("message", .string(message))]).text
    }

    /// Status 200, an empty response_id and no data: GIPHY's back end failed behind its front.
    static let synthetic = JSONValue.object([
        ("data", .array([])),
        ("pagination", .object([("total_count", 0), ("count", 0), ("offset", 0)])),
        ("meta", meta(status: 200, message: "OK", responseID: "")),
    ]).text

    private static func meta(status: Int, message: String, responseID: String) -> JSONValue {
        .object([("status", .int(status)), ("msg", .string(message)), ("response_id", .string(responseID))])
    }
}
