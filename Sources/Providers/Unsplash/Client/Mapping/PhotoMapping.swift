import Foundation
import Service
import ProviderHTTP

/// Unsplash's photo object to our item: the same shape as a GIF, with the photo's own fields,
/// its five renditions and the attribution Unsplash's guidelines ask for.
struct PhotoMapping: Sendable {
    let referral: ReferralLinks

    init(appName: String) {
        referral = ReferralLinks(appName: appName)
    }

    /// Nil for what cannot be shown: no id, or no rendition we can size (no usable urls, or
    /// no original width and height to compute their sizes from).
    func item(_ photo: UnsplashPhotoObject) -> Item? {
        guard let id = photo.id?.meaningful else { return nil }
        let width = photo.width?.value.flatMap { $0 > 0 ? $0 : nil }
        let height = photo.height?.value.flatMap { $0 > 0 ? $0 : nil }
        let images = PhotoRenditions.images(urls: photo.urls?.value ?? [:], width: width, height: height)
        guard !images.isEmpty else { return nil }
        let links = photo.links?.value
        let page = links?.html?.webLink ?? "https://unsplash.com/photos/" + QueryEscaping.escape(id)
        let user = photo.user?.value
        let author = user.flatMap { $0.name?.meaningful ?? $0.username?.meaningful }
        let profile = user?.links?.value?.html?.webLink
        let title = photo.description?.meaningful ?? photo.altDescription?.meaningful
        let downloadLocation = links?.downloadLocation?.webLink
        return Item(
            id: ItemID.text(provider: .unsplash, upstreamID: id),
            provider: .unsplash,
            title: title,
            altText: photo.altDescription?.meaningful,
            url: page,
            username: user?.username?.meaningful,
            user: user.flatMap(Self.user),
            createdAt: photo.createdAt?.meaningful.flatMap { try? Date($0, strategy: .iso8601) },
            images: images,
            width: width,
            height: height,
            color: photo.color?.meaningful,
            blurHash: photo.blurHash?.meaningful,
            likes: photo.likes?.value.flatMap { $0 > 0 ? $0 : nil },
            location: photo.location?.value.flatMap(Self.location),
            camera: photo.exif?.value.flatMap(Self.camera),
            attribution: referral.attribution(author: author, profile: profile),
            presetShareText: referral.shareText(title: title, author: author, page: page),
            upstreamLinks: downloadLocation.map { UpstreamLinks(downloadLocation: $0) })
    }

    private static func user(_ object: UnsplashUserObject) -> Author? {
        let images = object.profileImage?.value ?? [:]
        let avatar = ["medium", "large", "small"].lazy.compactMap { images[$0]?.webLink }.first
        let user = Author(displayName: object.name?.meaningful, username: object.username?.meaningful,
                           avatarURL: avatar, profileURL: object.links?.value?.html?.webLink)
        return user.hasValue ? user : nil
    }

    private static func location(_ object: UnsplashLocationObject) -> PhotoLocation? {
        let location = PhotoLocation(name: object.name?.meaningful, city: object.city?.meaningful,
                                     country: object.country?.meaningful)
        return location.hasValue ? location : nil
    }

    /// Nil when Unsplash sent every EXIF field as null, as it often does.
    private static func camera(_ object: UnsplashExifObject) -> PhotoCamera? {
        let camera = PhotoCamera(make: object.make?.value, model: object.model?.value,
                                 exposureTime: object.exposureTime?.value, aperture: object.aperture?.value,
                                 focalLength: object.focalLength?.value, iso: object.iso?.value.flatMap { $0 > 0 ? $0 : nil })
        return camera.hasValue ? camera : nil
    }
}
