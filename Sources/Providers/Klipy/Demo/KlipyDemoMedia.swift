import DemoMedia
import KlipyCatalog

/// The demo KLIPY's pictures, at the paths its catalog writes in demo mode:
/// `/media/klipy/{id}/{size}.gif` (the animation) and `.jpg` (its still, drawn as a GIF's first
/// frame), each at exactly the size the catalog states for that size.
package struct KlipyDemoMedia: DemoMediaCatalog {
    private let catalog: KlipyCatalog

    package init(catalog: KlipyCatalog) {
        self.catalog = catalog
    }

    package func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let size = KlipySize(rawValue: String(parts[0])), ["gif", "jpg"].contains(parts[1]) else {
            throw .notFound("No KLIPY demo media is named \(name).")
        }
        guard let id = Int(key), let item = catalog.item(id: id) else { throw .notFound("The KLIPY demo catalog has no item \(key).") }
        let dimensions = size.size(width: item.width, height: item.height)
        let seed = DemoPicture.seed("klipy:" + key)
        return parts[1] == "jpg" ? .still(seed: seed, width: dimensions.width, height: dimensions.height)
            : .animation(seed: seed, width: dimensions.width, height: dimensions.height)
    }
}
