import Wire
import JSON
import Service
import Model

/// The answers that wrap GIFs, written with the service's `JSONWriter` (which also writes the
/// GIF itself); keys in sorted order.

/// A page of GIFs in the form asked for (compact unless `renditions` says otherwise): a page's own
/// items, or the upstream's where they lie, those a page keeps (`PageAnswer.Kept`, what an answer writes).
struct PageJSON: JSONWritable {
    private let items: Items
    private let pagination: Pagination
    private let stale: Bool?
    private let rating: Rating?
    private let provider: ProviderName?
    private let form: ItemForm

    private enum Items {
        /// Each written with its own mark.
        case own([Item])
        /// Those of the marks, in their order, each written with its mark.
        case kept([Item], [PageAnswer.Kept.Mark])
    }

    init(page: ItemPage, form: ItemForm) {
        (items, pagination, stale, rating, provider) = (.own(page.data), page.pagination, page.stale, page.rating, page.provider)
        self.form = form
    }

    init(kept page: PageAnswer.Kept, form: ItemForm) {
        (items, pagination, stale, rating, provider) = (.kept(page.items, page.marks), page.pagination, page.stale, page.rating, page.provider)
        self.form = form
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("data")
            // By position, not through the generic sequence's array (unspecialized across modules:
            // witness-table calls and an Item copied per element); each item read where it lies in
            // the array's buffer (`Item.writeMembers(of:at:)`), not copied out.
            switch items {
            case .own(let data):
                data.withUnsafeBufferPointer { items in
                    writer.array(count: items.count) { writer, index in
                        writer.object { writer in Item.writeMembers(of: items, at: index, to: &writer, form: form) }
                    }
                }
            case .kept(let data, let marks):
                data.withUnsafeBufferPointer { items in
                    writer.array(count: marks.count) { writer, index in
                        let mark = marks[index]
                        writer.object { writer in Item.writeMembers(of: items, at: mark.place, to: &writer, form: form, markedFavorite: mark.isFavorite) }
                    }
                }
            }
            writer.key("pagination")
            writer.object { writer in
                writer.member("count", pagination.count)
                writer.key("next_offset")
                if let next = pagination.nextOffset { writer.int(next) } else { writer.null() }
                writer.member("offset", pagination.offset)
                if let total = pagination.totalCount { writer.member("total_count", total) }
            }
            if let provider { writer.member("provider", provider.rawValue) }
            if let rating { writer.member("rating", rating.rawValue) }
            if stale == true { writer.key("stale"); writer.bool(true) }
        }
    }
}

/// A favorite as `POST /favorites` answers it: the whole item, its links against the form's base.
struct FavoriteJSON: JSONWritable {
    let favorite: Favorite
    let form: ItemForm

    func write(to writer: inout JSONWriter) {
        favorite.write(to: &writer, form: form)
    }
}

extension Favorite {
    func write(to writer: inout JSONWriter, form: ItemForm) {
        writer.object { writer in item.writeMembers(to: &writer, form: form, addedAt: ISO8601.string(from: addedAt)) }
    }
}

/// The spotlight's pick and its countdown; the item under `gif` whatever its provider.
struct SpotlightJSON: JSONWritable {
    let spotlight: Spotlight
    var form = ItemForm.full

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("changes_at", ISO8601.string(from: spotlight.changesAt))
            writer.key("gif")
            writer.object { writer in spotlight.item.writeMembers(to: &writer, form: form) }
            writer.member("seconds_left", spotlight.secondsLeft)
            if let stale = spotlight.stale { writer.key("stale"); writer.bool(stale) }
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

/// What saving an item answers: its full-size file (a link of this server's against the form's base).
struct DownloadJSON: JSONWritable {
    let download: Download
    var form = ItemForm.full

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("height", download.height)
            writer.member("id", download.id)
            writer.member("url", form.resolved(download.url))
            writer.member("width", download.width)
        }
    }
}
