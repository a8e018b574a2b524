import Service

/// The answers that wrap GIFs, written with the service's `JSONWriter` (which also writes the
/// GIF itself); keys in sorted order.

/// A page of GIFs in the form asked for (compact unless `renditions` says otherwise).
struct PageJSON: JSONWritable {
    let page: ItemPage
    let form: ItemForm

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("data")
            writer.array(page.data) { writer, item in writer.object { writer in item.writeMembers(to: &writer, form: form) } }
            writer.key("pagination")
            writer.object { writer in
                writer.member("count", page.pagination.count)
                writer.key("next_offset")
                if let next = page.pagination.nextOffset { writer.int(next) } else { writer.null() }
                writer.member("offset", page.pagination.offset)
                if let total = page.pagination.totalCount { writer.member("total_count", total) }
            }
            if page.stale == true { writer.key("stale"); writer.bool(true) }
        }
    }
}

extension Favorite: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        write(to: &writer, form: .full)
    }

    func write(to writer: inout JSONWriter, form: ItemForm) {
        writer.object { writer in item.writeMembers(to: &writer, form: form, addedAt: ISO8601.string(from: addedAt)) }
    }
}

extension Spotlight: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("changes_at", ISO8601.string(from: changesAt))
            writer.key("gif")
            writer.object { writer in item.writeMembers(to: &writer) }
            writer.member("seconds_left", secondsLeft)
            if let stale { writer.key("stale"); writer.bool(stale) }
        }
    }
}

/// A GIF answered from the cache because the upstream failed: its members plus `"stale": true`.
struct StaleMarkedItem: JSONWritable {
    let item: Item
    let stale: Bool
    var form = ItemForm.full

    func write(to writer: inout JSONWriter) {
        writer.object { writer in item.writeMembers(to: &writer, form: form, stale: stale) }
    }
}

/// What saving an item answers: its full-size file.
struct DownloadJSON: JSONWritable {
    let download: Download

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("height", download.height)
            writer.member("id", download.id)
            writer.member("url", download.url)
            writer.member("width", download.width)
        }
    }
}
