import JSON
import Model
import Service
import Wire

/// The export document: `format` and `version` say what it is; each favorite is when it was
/// added and its item as the server kept it (the snapshot, every field and its own links);
/// the history is each query and when it was searched. Newest first, keys sorted, a value we do
/// not have left out. `PortableDataReading` reads it back.
struct PortableDataJSON: JSONWritable {
    let data: PortableData

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            if let exportedAt = data.exportedAt { writer.member("exported_at", ISO8601.string(from: exportedAt)) }
            writer.key("favorites")
            writer.array(data.favorites) { writer, favorite in
                writer.object { writer in
                    writer.member("added_at", ISO8601.string(from: favorite.addedAt))
                    writer.key("item")
                    // As kept: no install's mark.
                    var item = favorite.item
                    item.isFavorite = nil
                    item.write(to: &writer)
                }
            }
            writer.member("format", PortableData.format)
            writer.key("search_history")
            writer.array(data.history) { writer, entry in
                writer.object { writer in
                    writer.member("query", entry.query)
                    writer.member("searched_at", ISO8601.string(from: entry.searchedAt))
                }
            }
            writer.member("version", PortableData.version)
        }
    }
}

/// What an import answers: what happened to the document's favorites, and what the install has now.
struct ImportSummaryJSON: JSONWritable {
    let summary: ImportSummary

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("favorites")
            writer.object { writer in
                writer.member("count", summary.favoritesCount)
                writer.member("dropped", summary.dropped)
                writer.member("duplicates", summary.duplicates)
                writer.member("imported", summary.imported)
                writer.member("limit", summary.favoritesLimit)
            }
            writer.key("search_history")
            writer.object { writer in writer.member("count", summary.historyCount) }
        }
    }
}
