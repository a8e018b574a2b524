import GifService

/// The answers that wrap GIFs, written with the service's `JSONWriter` (which also writes the
/// GIF itself); keys in sorted order.
extension GIFPage: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("data")
            writer.array(data) { writer, gif in gif.write(to: &writer) }
            writer.key("pagination")
            writer.object { writer in
                writer.member("count", pagination.count)
                writer.key("next_offset")
                if let next = pagination.nextOffset { writer.int(next) } else { writer.null() }
                writer.member("offset", pagination.offset)
                if let total = pagination.totalCount { writer.member("total_count", total) }
            }
            if stale == true { writer.key("stale"); writer.bool(true) }
        }
    }
}

extension Favorite: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in gif.writeMembers(to: &writer, addedAt: ISO8601.string(from: addedAt)) }
    }
}

extension Spotlight: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("changes_at", ISO8601.string(from: changesAt))
            writer.key("gif")
            gif.write(to: &writer)
            writer.member("seconds_left", secondsLeft)
            if let stale { writer.key("stale"); writer.bool(stale) }
        }
    }
}

/// A GIF answered from the cache because the upstream failed: its members plus `"stale": true`.
struct StaleMarkedGIF: JSONWritable {
    let gif: GIF
    let stale: Bool

    func write(to writer: inout JSONWriter) {
        writer.object { writer in gif.writeMembers(to: &writer, stale: stale) }
    }
}
