import FakeUpstream
import JSON
import KlipyCatalog

/// KLIPY's JSON as the fake writes it, keys in KLIPY's order (its API reference's examples).
enum KlipyJSON {
    /// One item: id (a number), slug, title, file (four sizes, five formats each, those asked by
    /// `format_filter`), tags, type, blur_preview.
    static func write(_ item: KlipyCatalogItem, in catalog: KlipyCatalog, formats: Set<String>?, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", item.id)
            writer.member("slug", item.slug)
            writer.member("title", item.title)
            writer.key("file")
            writer.object { writer in
                for size in KlipySize.allCases {
                    writer.key(escaping: size.rawValue)
                    writer.object { writer in
                        for format in KlipyCatalog.formats where formats?.contains(format) ?? true {
                            guard let file = catalog.file(of: item, size: size, format: format) else { continue }
                            writer.key(escaping: format)
                            writer.object { writer in
                                writer.member("url", file.url)
                                writer.member("width", file.width)
                                writer.member("height", file.height)
                                writer.member("size", file.bytes)
                            }
                        }
                    }
                }
            }
            writer.key("tags")
            writer.array(item.tags) { writer, tag in writer.string(tag) }
            writer.member("type", item.kind.rawValue)
            writer.member("blur_preview", "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U")
        }
    }

    /// A list: `{"result": true, "data": {"data": [...], "current_page", "per_page", "has_next"}}`.
    static func page(_ items: [KlipyCatalogItem], paging: KlipyPaging, hasNext: Bool, in catalog: KlipyCatalog,
                     formats: Set<String>?) -> [UInt8] {
        envelope { writer in
            writer.object { writer in
                writer.key("data")
                writer.array(items) { writer, item in write(item, in: catalog, formats: formats, to: &writer) }
                writer.member("current_page", paging.page)
                writer.member("per_page", paging.perPage)
                writer.key("has_next")
                writer.bool(hasNext)
            }
        }
    }

    /// The items endpoint: `{"result": true, "data": {"data": [...]}}`, no paging.
    static func items(_ items: [KlipyCatalogItem], in catalog: KlipyCatalog, formats: Set<String>?) -> [UInt8] {
        envelope { writer in
            writer.object { writer in
                writer.key("data")
                writer.array(items) { writer, item in write(item, in: catalog, formats: formats, to: &writer) }
            }
        }
    }

    /// An error: `{"result": false, "message": ...}`.
    static func error(_ message: String) -> [UInt8] {
        FakeBody.object { writer in
            writer.key("result")
            writer.bool(false)
            writer.member("message", message)
        }
    }

    private static func envelope(_ data: (inout JSONWriter) -> Void) -> [UInt8] {
        FakeBody.object { writer in
            writer.key("result")
            writer.bool(true)
            writer.key("data")
            data(&writer)
        }
    }
}
