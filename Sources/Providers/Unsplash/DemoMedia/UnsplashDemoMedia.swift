import DemoMedia
import FakeUnsplash
import UnsplashClient

/// The demo Unsplash's pictures, at the paths its catalog writes in demo mode:
/// `/media/unsplash/{photo id}/photo?w=...` and `/media/unsplash/{user name}/profile?w=..&h=..`.
/// A photo is drawn at the size Unsplash's own rule gives for `w` (the photo's ratio, never
/// upscaled), the rule gif-bff's answers state its renditions with.
public struct UnsplashDemoMedia: DemoMediaCatalog {
    /// A profile image is drawn at most this wide and high: a larger `w` (the route takes up to
    /// `DemoMediaSize.widthRange`, wider than any photo of the catalog) draws this size.
    public static let profileSideLimit = 512

    private let catalog: FakePhotoCatalog
    private let photographers: Set<String>

    public init(catalog: FakePhotoCatalog = .standard) {
        self.catalog = catalog
        photographers = Set(catalog.photos.map(\.photographer.username))
    }

    public func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        switch name {
        case "photo":
            let target = try DemoMediaError.number("w", in: query, range: DemoMediaSize.widthRange)
            guard let photo = catalog.photo(id: key) else { throw .notFound("The Unsplash demo catalog has no photo \(key).") }
            let size = Unsplash.renditionSize(width: photo.width, height: photo.height, at: target)
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
