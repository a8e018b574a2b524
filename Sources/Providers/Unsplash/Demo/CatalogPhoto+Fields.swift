import ASCII
import Service
import UnsplashCatalog
import UnsplashClient

extension CatalogPhoto {
    /// The photo as Unsplash's object says it once read (`PhotoMapping` reads the same fields from
    /// JSON): its links as `catalog` writes them, blank text none, numbers believed, the download
    /// location at `UnsplashDemoProvider.apiBase`; location and camera on the `detail` only.
    func fields(in catalog: PhotoCatalog, detail: Bool) -> PhotoFields {
        let width = UpstreamNumber.positive.believing(width)
        let height = UpstreamNumber.positive.believing(height)
        let urls = Dictionary(catalog.urls(of: self).map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
        let profileImages = Dictionary(catalog.profileImages(of: photographer.username).map { ($0.name, $0.url) },
                                       uniquingKeysWith: { first, _ in first })
        let user = Author(displayName: WhiteSpace.trimmed(photographer.name), username: WhiteSpace.trimmed(photographer.username),
                          avatarURL: PhotoMapping.avatarSizes.lazy.compactMap { profileImages[$0] }.first,
                          profileURL: photographer.profileURL)
        return PhotoFields(
            id: id, width: width, height: height, images: PhotoRenditions.images(width: width, height: height) { urls[$0] },
            page: pageURL, description: description.flatMap(WhiteSpace.trimmed), altDescription: WhiteSpace.trimmed(altDescription),
            createdAt: createdAt, color: WhiteSpace.trimmed(color), blurHash: WhiteSpace.trimmed(blurHash),
            likes: UpstreamNumber.positive.believing(likes), user: user,
            location: detail ? location.map(\.read) : nil, camera: detail ? exif.map(\.read) : nil,
            downloadLocation: PhotoCatalog.downloadLocation(of: self, apiBase: UnsplashDemoProvider.apiBase))
    }
}

extension CatalogLocation {
    var read: PhotoLocation {
        PhotoLocation(name: name.flatMap(WhiteSpace.trimmed), city: city.flatMap(WhiteSpace.trimmed),
                      country: country.flatMap(WhiteSpace.trimmed))
    }
}

extension CatalogExif {
    var read: PhotoCamera {
        PhotoCamera(make: make.flatMap(WhiteSpace.trimmed), model: model.flatMap(WhiteSpace.trimmed),
                    exposureTime: exposureTime.flatMap(WhiteSpace.trimmed), aperture: aperture.flatMap(WhiteSpace.trimmed),
                    focalLength: focalLength.flatMap(WhiteSpace.trimmed), iso: UpstreamNumber.positive.believing(iso))
    }
}
