import JSON
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

    /// Nil for what cannot be shown: no id a client could send back, or no rendition we can size (no usable urls, or
    /// no original width and height to compute their sizes from). Fields of the wrong type are
    /// absent, never a failure of the photo.
    func item(_ photo: JSONValue) -> Item? {
        guard photo.isObject, let id = photo["id"]?.meaningfulText,
              let itemID = ItemID(provider: .unsplash, upstreamID: id) else { return nil }
        let width = photo["width"]?.integer(in: UpstreamNumber.positive)
        let height = photo["height"]?.integer(in: UpstreamNumber.positive)
        let images = PhotoRenditions.images(urls: photo["urls"], width: width, height: height)
        guard !images.isEmpty else { return nil }
        let links = photo["links"]
        let page = links?["html"]?.webLink ?? "https://unsplash.com/photos/" + QueryEscaping.escape(id)
        let user = photo["user"].flatMap { $0.isObject ? $0 : nil }
        let author = user.flatMap { $0["name"]?.meaningfulText ?? $0["username"]?.meaningfulText }
        let profile = user?["links"]?["html"]?.webLink
        let title = photo["description"]?.meaningfulText ?? photo["alt_description"]?.meaningfulText
        let downloadLocation = links?["download_location"]?.webLink
        return Item(
            id: itemID.rawValue,
            provider: .unsplash,
            title: title,
            altText: photo["alt_description"]?.meaningfulText,
            url: page,
            username: user?["username"]?.meaningfulText,
            user: user.flatMap(Self.user),
            createdAt: photo["created_at"]?.meaningfulText.flatMap { try? Date($0, strategy: .iso8601) },
            images: images,
            width: width,
            height: height,
            color: photo["color"]?.meaningfulText,
            blurHash: photo["blur_hash"]?.meaningfulText,
            likes: photo["likes"]?.integer(in: UpstreamNumber.positive),
            location: photo["location"].flatMap(Self.location),
            camera: photo["exif"].flatMap(Self.camera),
            attribution: referral.attribution(author: author, profile: profile),
            presetShareText: referral.shareText(title: title, author: author, page: page),
            upstreamLinks: downloadLocation.map { UpstreamLinks(downloadLocation: $0) })
    }

    private static func user(_ object: JSONValue) -> Author? {
        let images = object["profile_image"]
        let avatar = ["medium", "large", "small"].lazy.compactMap { images?[$0]?.webLink }.first
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
