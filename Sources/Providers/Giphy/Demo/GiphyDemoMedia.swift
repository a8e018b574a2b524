import DemoMedia
import GiphyCatalog

/// The demo GIPHY's pictures, at the paths its catalog writes in demo mode:
/// `/media/giphy/{gif id}/{rendition}.gif` and `/media/giphy/{user name}/avatar.gif`. A rendition
/// is drawn at exactly the size the catalog states; a still is the first frame of its GIF.
public struct GiphyDemoMedia: DemoMediaCatalog {
    /// A GIPHY avatar's side: GIPHY states none, and its own are about this size.
    static let avatarSide = 96

    private let catalog: GIFCatalog
    private let users: Set<String>

    public init(catalog: GIFCatalog = .standard) {
        self.catalog = catalog
        users = Set(catalog.gifs.compactMap { $0.user?.username })
    }

    public func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        guard name.hasSuffix(".gif") else { throw .notFound("No GIPHY demo media is named \(name).") }
        let stem = String(name.dropLast(4))
        if stem == "avatar" {
            guard users.contains(key) else { throw .notFound("The GIPHY demo catalog has no user \(key).") }
            return .avatar(seed: DemoPicture.seed("giphy-user:" + key), width: Self.avatarSide, height: Self.avatarSide, png: false)
        }
        guard let gif = catalog.gif(id: key) else { throw .notFound("The GIPHY demo catalog has no GIF \(key).") }
        guard let rendition = gif.rendition(stem), let width = rendition.width, let height = rendition.height,
              width > 0, height > 0, !(rendition.url ?? "").isEmpty
        else { throw .notFound("GIF \(key) has no rendition \(stem) in the demo catalog.") }
        let seed = DemoPicture.seed("giphy:" + key)
        return Self.isStill(stem) ? .still(seed: seed, width: width, height: height) : .animation(seed: seed, width: width, height: height)
    }

    /// GIPHY's still renditions: `*_still`, and the webp preview (a still at GIPHY too).
    public static func isStill(_ rendition: String) -> Bool {
        rendition.hasSuffix("_still") || rendition == "preview_webp"
    }
}
