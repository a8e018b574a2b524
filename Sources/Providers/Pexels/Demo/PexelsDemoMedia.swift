import DemoMedia
import PexelsCatalog
import PexelsClient

/// The demo Pexels' pictures, at the paths its catalog writes in demo mode:
/// `/media/pexels/{photo id}/{size}`, `size` one of Pexels' `src` names that is one of our
/// renditions (`original`, `large`, `medium`, `small`). Each is drawn at the size Pexels' own rule
/// gives for that size's box (the rule gif-bff's answers state its renditions with), from the
/// photo fitted within `photoSideLimit`; the drawing is the one Unsplash's demo photos share.
package struct PexelsDemoMedia: DemoMediaCatalog {
    /// A photo is drawn at most this long on either side (as Unsplash's demo photos): its original
    /// (`full`) is drawn at that fitted size, which demo answers state as its size.
    package static let photoSideLimit = 2048

    /// The catalog demo mode serves: its pictures at `base`, each photo's size fitted within
    /// `photoSideLimit`, so what an answer states for every rendition is what is drawn.
    package static func servedCatalog(_ catalog: PexelsCatalog = .standard, mediaAt base: String) -> PexelsCatalog {
        catalog.withMedia(at: base).resizingPhotos {
            Pexels.renditionSize(width: $0.width, height: $0.height, box: (photoSideLimit, photoSideLimit))
        }
    }

    private let catalog: PexelsCatalog

    package init(catalog: PexelsCatalog = .standard) {
        self.catalog = catalog
    }

    package func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture {
        guard let box = Pexels.renditions.first(where: { $0.source == name })?.box else {
            throw .notFound("No Pexels demo media is named \(name).")
        }
        guard let photo = catalog.photo(id: key) else { throw .notFound("The Pexels demo catalog has no photo \(key).") }
        let drawable = Pexels.renditionSize(width: photo.width, height: photo.height, box: (Self.photoSideLimit, Self.photoSideLimit))
        let size = Pexels.renditionSize(width: drawable.width, height: drawable.height, box: box)
        return .photo(seed: DemoPicture.seed("pexels:" + key), color: photo.averageColor, width: size.width, height: size.height)
    }
}
