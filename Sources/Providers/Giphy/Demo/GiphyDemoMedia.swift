import DemoMedia
import GiphyCatalog
import GiphyClient
import Model

/// The demo GIPHY's pictures, at the paths its catalog writes in demo mode:
/// `/media/giphy/{gif id}/{rendition}.gif` and `/media/giphy/{user name}/avatar.gif`. A rendition
/// is drawn at exactly the size the catalog states; a still is the first frame of its GIF. A GIF
/// rated above the content ceiling has no pictures here, as it has no answer: the demo's media
/// links are this server's own, so they obey its ceiling like every other way to an item.
package struct GiphyDemoMedia: DemoMediaCatalog {
    /// A GIPHY avatar's side: GIPHY states none, and its own are about this size.
    static let avatarSide = 96

    private let catalog: GIFCatalog
    private let users: Set<String>
    private let ceiling: ContentCeiling

    package init(catalog: GIFCatalog = .standard, ceiling: ContentCeiling = .none) {
        self.catalog = catalog
        self.ceiling = ceiling
        users = Set(catalog.gifs.compactMap { $0.user?.username })
    }

    /// The same pictures, none of a GIF above `ceiling`.
    package func capped(at ceiling: ContentCeiling) -> GiphyDemoMedia {
        GiphyDemoMedia(catalog: catalog, ceiling: ceiling)
    }

    package func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        guard name.hasSuffix(".gif") else { throw .notFound("No GIPHY demo media is named \(name).") }
        let stem = String(name.dropLast(4))
        if stem == "avatar" {
            guard users.contains(key) else { throw .notFound("The GIPHY demo catalog has no user \(key).") }
            return .avatar(seed: DemoPicture.seed("giphy-user:" + key), width: Self.avatarSide, height: Self.avatarSide, png: false)
        }
        guard let gif = catalog.gif(id: key) else { throw .notFound("The GIPHY demo catalog has no GIF \(key).") }
        guard ceiling.admits(rating: gif.rating, ratesItems: Giphy.rules.ratesItems) else {
            throw .notFound("GIF \(key) is rated above this server's content ceiling (\(ceiling.rating)).")
        }
        guard let rendition = gif.rendition(stem), let width = rendition.width, let height = rendition.height,
              width > 0, height > 0, !(rendition.url ?? "").isEmpty
        else { throw .notFound("GIF \(key) has no rendition \(stem) in the demo catalog.") }
        let seed = DemoPicture.seed("giphy:" + key)
        return Self.isStill(stem) ? .still(seed: seed, width: width, height: height) : .animation(seed: seed, width: width, height: height)
    }

    /// GIPHY's still renditions: `*_still`, and the webp preview (a still at GIPHY too).
    package static func isStill(_ rendition: String) -> Bool {
        rendition.hasSuffix("_still") || rendition == "preview_webp"
    }
}
