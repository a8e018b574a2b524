import KlipyCatalog
import KlipyClient
import Model

extension KlipyCatalogItem {
    /// The item as KLIPY's object says it once read (`KlipyMapping` reads the same fields from
    /// JSON): its files as `catalog` writes them.
    func fields(in catalog: KlipyCatalog) -> KlipyFields {
        let images = KlipyRenditions.images { sizeName, format in
            guard let size = KlipySize(rawValue: sizeName), let file = catalog.file(of: self, size: size, format: format) else { return nil }
            return KlipyRenditions.File(url: file.url, width: file.width, height: file.height, bytes: file.bytes)
        }
        return KlipyFields(id: String(id), sticker: kind == .sticker, slug: slug, title: title, images: images)
    }
}
