import JSON

/// One page of items as the upstream gave it (before our de-duplication). Its JSON form is only
/// for the response cache; the keys are the property names. Its numbers are believed only within
/// `UpstreamNumber.count`, whoever makes the page (a provider's reader, the cache, a test), so
/// paging on them cannot overflow.
public struct UpstreamPage: Sendable, Equatable, JSONReadable, JSONWritable {
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
    private enum Keys {
        static let items: StaticString = "gifs"
        static let totalCount: StaticString = "totalCount"
        static let count: StaticString = "count"
        static let offset: StaticString = "offset"
    }

    /// A cached page whose numbers are past belief (written by a build that believed any) cannot
    /// be paged: it fails to read, and the cache drops it rather than serve it.
    public init(json: JSONValue) throws(JSONShapeError) {
        let object = try JSONObject(json)
        var items: [Item] = []
        for element in try object.array(Keys.items) { items.append(try Item(json: element)) }
        self.items = items
        totalCount = try object.optionalInt(Keys.totalCount, in: UpstreamNumber.count)
        count = try object.int(Keys.count, in: UpstreamNumber.count)
        offset = try object.int(Keys.offset, in: UpstreamNumber.count)
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member(Keys.count, count)
            writer.key(Keys.items)
            writer.array(items) { writer, item in item.write(to: &writer) }
            writer.member(Keys.offset, offset)
            if let totalCount { writer.member(Keys.totalCount, totalCount) }
        }
    }
}
