import ProviderHTTP

/// GIPHY's response envelope: `{data, pagination, meta}`, every part optional.
struct GiphyEnvelope: Decodable {
    var data: GiphyData
    var pagination: GiphyPagination?
    var meta: GiphyMeta?

    enum CodingKeys: String, CodingKey {
        case data, pagination, meta
    }

    init(from decoder: any Decoder) throws {
        // The top level must be an object; everything inside is read leniently.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = (try? container.decodeIfPresent(GiphyData.self, forKey: .data)) ?? .absent
        pagination = (try? container.decodeIfPresent(Lenient<GiphyPagination>.self, forKey: .pagination))?.value
        meta = (try? container.decodeIfPresent(Lenient<GiphyMeta>.self, forKey: .meta))?.value
    }

    /// GIPHY's "synthetic response": its own back end failed, yet it answered 200 with an empty
    /// `response_id` and no data. It is an upstream failure, not "no results".
    var isSynthetic: Bool {
        guard let meta, (meta.responseID?.meaningful ?? "").isEmpty else { return false }
        return data.isEmpty
    }
}

/// `data` is a list on list endpoints, one object on `random` and get-by-id.
enum GiphyData: Decodable {
    case list([Lenient<GiphyGIFObject>])
    case single(GiphyGIFObject)
    case absent

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .absent
        } else if let list = try? container.decode([Lenient<GiphyGIFObject>].self) {
            self = .list(list)
        } else {
            self = .single(try container.decode(GiphyGIFObject.self))
        }
    }

    var isEmpty: Bool {
        switch self {
        case .list(let items): items.isEmpty
        case .single: false
        case .absent: true
        }
    }
}

struct GiphyPagination: Decodable {
    var totalCount: LenientInt?
    var count: LenientInt?
    var offset: LenientInt?

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case count, offset
    }
}

struct GiphyMeta: Decodable {
    var status: LenientInt?
    var msg: LenientString?
    var responseID: LenientString?

    enum CodingKeys: String, CodingKey {
        case status, msg
        case responseID = "response_id"
    }
}
