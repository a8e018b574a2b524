import DemoMedia
import UnsplashCatalog
import UnsplashClient

/// The demo Unsplash's pictures, at the paths its catalog writes in demo mode:
/// `/media/unsplash/{photo id}/photo?w=...` and `/media/unsplash/{user name}/profile?w=..&h=..`.
/// A photo is drawn at the size Unsplash's own rule gives for `w` (the photo's ratio, never
/// upscaled), the rule gif-bff's answers state its renditions with, from the photo fitted within
/// `photoSideLimit`.
package struct UnsplashDemoMedia: DemoMediaCatalog {
    /// A profile image is drawn at most this wide and high: a larger `w` (the route takes up to
    /// `DemoMediaSize.widthRange`, wider than any photo of the catalog) draws this size.
    package static let profileSideLimit = 512

    /// A photo is drawn at most this long on either side: wider than Unsplash's `regular` (1080)
    /// and a phone's or a laptop's widest view of one, where the catalog's originals run to 6000
    /// px (a 6000 x 3000 one has 8.6 times the pixels). Past it, or without `w` (`full`, `raw`),
    /// a photo is drawn at its fitted size, which demo answers state as its size (`servedCatalog`).
    package static let photoSideLimit = 2048

    /// The photo catalog demo mode serves: its pictures at `base`, each photo's size fitted within
    /// `photoSideLimit`, so what an answer states for every rendition is what is drawn.
    package static func servedCatalog(_ catalog: PhotoCatalog = .standard, mediaAt base: String) -> PhotoCatalog {
        catalog.withMedia(at: base).resizingPhotos { fitted(width: $0.width, height: $0.height) }
    }

    /// The size of that ratio within `photoSideLimit` on both sides (the size itself when it is).
    /// The width is floored, so the height Unsplash's rule rounds from it stays within too, and
    /// a fitted size fits as it is.
    static func fitted(width: Int, height: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > photoSideLimit else { return (width, height) }
        let target = max(1, Int((Double(width) * Double(photoSideLimit) / Double(longest)).rounded(.down)))
        return Unsplash.renditionSize(width: width, height: height, at: target)
    }

    private let catalog: PhotoCatalog
    private let photographers: Set<String>

    package init(catalog: PhotoCatalog = .standard) {
        self.catalog = catalog
        photographers = Set(catalog.photos.map(\.photographer.username))
    }

    package func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        switch name {
        case "photo":
            let target = try DemoMediaError.number("w", in: query, range: DemoMediaSize.widthRange)
            guard let photo = catalog.photo(id: key) else { throw .notFound("The Unsplash demo catalog has no photo \(key).") }
            let drawable = Self.fitted(width: photo.width, height: photo.height)
            let size = Unsplash.renditionSize(width: drawable.width, height: drawable.height, at: target)
            return .photo(seed: DemoPicture.seed("unsplash:" + key), color: photo.color, width: size.width, height: size.height)
        case "profile":
            let asked = try DemoMediaError.number("w", in: query, range: DemoMediaSize.widthRange) ?? 64
            let width = min(asked, Self.profileSideLimit)
            let height = try DemoMediaError.number("h", in: query, range: DemoMediaSize.heightRange) ?? width
            guard photographers.contains(key) else { throw .notFound("The Unsplash demo catalog has no user \(key).") }
            return .avatar(seed: DemoPicture.seed("unsplash-user:" + key), width: width, height: height, png: true)
        default:
            throw .notFound("No Unsplash demo media is named \(name).")
        }
    }
}
