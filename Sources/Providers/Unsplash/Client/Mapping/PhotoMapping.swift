import JSON
import Foundation
import Model
import ProviderHTTP

/// Unsplash's photo object to our item: the same shape as a GIF, with the photo's own fields,
/// its five renditions and the attribution Unsplash's guidelines ask for.
package struct PhotoMapping: Sendable {
    let referral: ReferralLinks

    package init(appName: String) {
        referral = ReferralLinks(appName: appName)
    }

    /// The photo an Unsplash object describes (`item`). Fields of the wrong type are absent,
    /// never a failure of the photo.
    func item(_ photo: JSONValue) -> Item? {
        guard photo.isObject else { return nil }
        let width = photo["width"]?.integer(in: UpstreamNumber.positive)
        let height = photo["height"]?.integer(in: UpstreamNumber.positive)
        let urls = photo["urls"]
        let links = photo["links"]
        return item(PhotoFields(
            id: photo["id"]?.meaningfulText, width: width, height: height,
            images: PhotoRenditions.images(width: width, height: height) { urls?[$0]?.webLink },
            page: links?["html"]?.webLink, description: photo["description"]?.meaningfulText,
            altDescription: photo["alt_description"]?.meaningfulText, createdAt: photo["created_at"]?.meaningfulText,
            color: photo["color"]?.meaningfulText, blurHash: photo["blur_hash"]?.meaningfulText,
            likes: photo["likes"]?.integer(in: UpstreamNumber.positive),
            user: photo["user"].flatMap { $0.isObject ? Self.user($0) : nil },
            location: photo["location"].flatMap(Self.location), camera: photo["exif"].flatMap(Self.camera),
            downloadLocation: links?["download_location"]?.webLink))
    }

    /// Nil for what cannot be shown: no id a client could send back, or no rendition (no usable
    /// urls, or no original width and height to size them from). The title is the description,
    /// else the alt description; the credit names the user's name, else their username.
    package func item(_ photo: PhotoFields) -> Item? {
        guard let id = photo.id, let itemID = ItemID(provider: .unsplash, upstreamID: id), !photo.images.isEmpty else { return nil }
        let page = photo.page ?? "https://unsplash.com/photos/" + QueryEscaping.escape(id)
        let user = photo.user?.hasValue == true ? photo.user : nil
        let author = user?.displayName ?? user?.username
        let title = photo.description ?? photo.altDescription
        return Item(
            id: itemID.rawValue,
            provider: .unsplash,
            title: title,
            altText: photo.altDescription,
            url: page,
            username: user?.username,
            user: user,
            createdAt: photo.createdAt.flatMap { try? Date($0, strategy: .iso8601) },
            images: photo.images,
            width: UpstreamNumber.positive.believing(photo.width),
            height: UpstreamNumber.positive.believing(photo.height),
            color: photo.color,
            blurHash: photo.blurHash,
            likes: UpstreamNumber.positive.believing(photo.likes),
            location: photo.location?.hasValue == true ? photo.location : nil,
            camera: photo.camera?.hasValue == true ? photo.camera : nil,
            attribution: referral.attribution(author: author, profile: user?.profileURL),
            presetShareText: referral.shareText(title: title, author: author, page: page),
            upstreamLinks: photo.downloadLocation.map { UpstreamLinks(downloadLocation: $0) })
    }

    /// The `profile_image` sizes an avatar is taken from, best first.
    package static let avatarSizes = ["medium", "large", "small"]

    private static func user(_ object: JSONValue) -> Author? {
        let images = object["profile_image"]
        let avatar = avatarSizes.lazy.compactMap { images?[$0]?.webLink }.first
        let user = Author(displayName: object["name"]?.meaningfulText, username: object["username"]?.meaningfulText,
                          avatarURL: avatar, profileURL: object["links"]?["html"]?.webLink)
        return user.hasValue ? user : nil
    }

    private static func location(_ object: JSONValue) -> PhotoLocation? {
        let location = PhotoLocation(name: object["name"]?.meaningfulText, city: object["city"]?.meaningfulText,
                                     country: object["country"]?.meaningfulText)
        return location.hasValue ? location : nil
    }

    /// Nil when Unsplash sent every EXIF field as null, as it often does.
    private static func camera(_ object: JSONValue) -> PhotoCamera? {
        let camera = PhotoCamera(make: exifText(object["make"]), model: exifText(object["model"]),
                                 exposureTime: exifText(object["exposure_time"]), aperture: exifText(object["aperture"]),
                                 focalLength: exifText(object["focal_length"]),
                                 iso: object["iso"]?.integer(in: UpstreamNumber.positive))
        return camera.hasValue ? camera : nil
    }

    /// An EXIF value kept as text: a string as sent, a number (2.8) written as Swift writes it.
    private static func exifText(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.meaningfulText { return text }
        return value.number.flatMap { $0.isFinite ? String($0) : nil }
    }
}
