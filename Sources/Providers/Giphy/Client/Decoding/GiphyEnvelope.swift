import JSON
import ProviderHTTP
import Model

/// GIPHY's response envelope: `{data, pagination, meta}`, every part optional, each read
/// leniently, in place (it lives as long as the view of the body it was read from).
struct GiphyEnvelope {
    var data: GiphyData
    var pagination: GiphyPagination?
    var meta: GiphyMeta?

    /// `object` is the body's top level, an object.
    init(_ object: JSONView) {
        data = GiphyData(object["data"])
        pagination = object["pagination"].flatMap(GiphyPagination.init)
        meta = object["meta"].flatMap(GiphyMeta.init)
    }

    /// GIPHY's "synthetic response": its own back end failed, yet it answered 200 with an empty
    /// `response_id` and no data. It is an upstream failure, not "no results".
    var isSynthetic: Bool {
        guard let meta, meta.responseID == nil else { return false }
        return data.isEmpty
    }
}

/// `data` is a list on list endpoints, one object on `random` and get-by-id. A list's elements
/// that are not objects stay in it (counted for paging), and map to no GIF.
enum GiphyData {
    case list(JSONView.Elements)
    case single(JSONView)
    case absent

    init(_ value: JSONView?) {
        guard let value else {
            self = .absent
            return
        }
        if value.isArray {
            self = .list(value.elements)
        } else if value.isObject {
            self = .single(value)
        } else {
            self = .absent
        }
    }

    var isEmpty: Bool {
        switch self {
        case .list(let items): items.first { _ in true } == nil
        case .single: false
        case .absent: true
        }
    }
}

struct GiphyPagination {
    var totalCount: Int?
    var count: Int?
    var offset: Int?

    init?(_ object: JSONView) {
        guard object.isObject else { return nil }
        totalCount = object["total_count"]?.integer(in: UpstreamNumber.count)
        count = object["count"]?.integer(in: UpstreamNumber.count)
        offset = object["offset"]?.integer(in: UpstreamNumber.count)
    }
}

struct GiphyMeta {

    var status: Int?
    /// Nil when absent or blank.
    var responseID: String?

    init?(_ object: JSONView) {
        guard object.isObject else { return nil }
        status = object["status"]?.integer(in: UpstreamNumber.httpStatus)
        responseID = object["response_id"]?.meaningfulText
    }
}
