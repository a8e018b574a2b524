import JSON
import Model

/// A page's cached form: the keys are the property names ("gifs" from before items were photos
/// too, so older rows still read).
extension UpstreamPage: JSONReadable, JSONWritable {
    private enum Keys {
        static let items: StaticString = "gifs"
        static let totalCount: StaticString = "totalCount"
        static let count: StaticString = "count"
        static let offset: StaticString = "offset"
    }

    /// A cached page whose numbers are past belief (written by a build that believed any) cannot
    /// be paged: it fails to read, and the cache drops it rather than serve it.
    package init(json: JSONValue) throws(JSONShapeError) {
        let object = try JSONObject(json)
        var items: [Item] = []
        for element in try object.array(Keys.items) { items.append(try Item(json: element)) }
        let totalCount = try object.optionalInt(Keys.totalCount, in: UpstreamNumber.count)
        let count = try object.int(Keys.count, in: UpstreamNumber.count)
        let offset = try object.int(Keys.offset, in: UpstreamNumber.count)
        self.init(items: items, totalCount: totalCount, count: count, offset: offset)
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member(Keys.count, count)
            writer.key(Keys.items)
            writer.array(items) { writer, item in item.write(to: &writer) }
            writer.member(Keys.offset, offset)
            if let totalCount { writer.member(Keys.totalCount, totalCount) }
        }
    }
}
