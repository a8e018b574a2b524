/// The `file` object KLIPY sends for an item, one rule for the fake's JSON and the demo's items.
extension KlipyCatalog {
    /// One format of one size: its url and size (the mp4's own at `sm` and `xs`).
    package struct File: Sendable, Equatable {
        package var url: String
        package var width: Int
        package var height: Int
        package var bytes: Int
    }

    /// The formats KLIPY sends at every size, in its order; `webm` is never mapped by gif-bff.
    package static let formats = ["gif", "webp", "jpg", "mp4", "webm"]

    /// The formats pictured in demo mode (drawn here): a GIF and its still.
    package static let demoFormats: Set<String> = ["gif", "jpg"]

    /// The file of `format` at `size`, or nil where the catalog has none (demo mode draws GIFs
    /// and stills only).
    package func file(of item: KlipyCatalogItem, size: KlipySize, format: String) -> File? {
        let isVideo = format == "mp4" || format == "webm"
        let dimensions = size.size(width: item.width, height: item.height, mp4: isVideo)
        let bytes = dimensions.width * dimensions.height * (format == "gif" ? 12 : format == "jpg" ? 1 : 3) / 4
        if let demoMediaBase {
            guard Self.demoFormats.contains(format) else { return nil }
            return File(url: "\(demoMediaBase)/klipy/\(item.id)/\(size.rawValue).\(format)", width: dimensions.width,
                        height: dimensions.height, bytes: max(1, bytes))
        }
        // KLIPY's static host: a folder per item, a file name per size and format.
        let folder = String(item.id, radix: 16)
        return File(url: "https://static.klipy.com/ii/\(folder)/\(size.rawValue)/\(item.slug).\(format)", width: dimensions.width,
                    height: dimensions.height, bytes: max(1, bytes))
    }
}
