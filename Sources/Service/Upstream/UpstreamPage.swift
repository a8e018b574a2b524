/// One page of items as the upstream gave it (before our de-duplication). Its JSON form is only
/// for the response cache; the keys are the property names. Its numbers are believed only within
/// `UpstreamNumber.count`, whoever makes the page (a provider's reader, the cache, a test), so
/// paging on them cannot overflow.
public struct UpstreamPage: Sendable, Equatable, Decodable, JSONWritable {
    public var items: [Item]
    /// Not every endpoint reports it; a total past belief is none.
    public let totalCount: Int?
    /// The items the upstream counted in this page (it may have sent some we could not map); a
    /// count past belief is the items' own.
    public let count: Int
    public let offset: Int

    public init(items: [Item], totalCount: Int?, count: Int, offset: Int) {
        self.items = items
        self.totalCount = UpstreamNumber.count.believing(totalCount)
        self.count = UpstreamNumber.count.believing(count) ?? items.count
        self.offset = UpstreamNumber.count.believing(offset) ?? 0
    }

    /// The cached form's keys: "gifs" from before items were photos too, so older rows still read.
    enum CodingKeys: String, CodingKey {
        case items = "gifs"
        case totalCount, count, offset
    }

    /// A cached page whose numbers are past belief (written by a build that believed any) cannot
    /// be paged: it fails to decode, and the cache drops it rather than serve it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        totalCount = try container.decodeBelievedIfPresent(UpstreamNumber.count, forKey: .totalCount)
        count = try container.decodeBelieved(UpstreamNumber.count, forKey: .count)
        offset = try container.decodeBelieved(UpstreamNumber.count, forKey: .offset)
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("count", count)
            writer.key(escaping: CodingKeys.items.rawValue)
            writer.array(items) { writer, item in item.write(to: &writer) }
            writer.member("offset", offset)
            if let totalCount { writer.member("totalCount", totalCount) }
        }
    }
}
