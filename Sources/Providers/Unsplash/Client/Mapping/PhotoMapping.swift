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
    /// never a failure of the photo. The object, its urls, links, user and the rest are each read
    /// in one pass over their members, in place (`PhotoMembers`).
    func item(_ photo: JSONView) -> Item? {
        guard photo.isObject else { return nil }
        let members = PhotoMembers(photo)
        let width = members.width?.integer(in: UpstreamNumber.positive)
        let height = members.height?.integer(in: UpstreamNumber.positive)
        var page, downloadLocation: JSONView?
        members.links?.forEachMember { key, value in
            switch key {
            case "html": keepFirst(&page, value)
            case "download_location": keepFirst(&downloadLocation, value)
            default: break
            }
        }
        return item(PhotoFields(
            id: members.id?.meaningfulText, width: width, height: height,
            images: PhotoRenditions.images(members.urls, width: width, height: height),
            page: page?.webLink, description: members.description?.meaningfulText,
            altDescription: members.altDescription?.meaningfulText, createdAt: members.createdAt?.meaningfulText,
            color: members.color?.meaningfulText, blurHash: members.blurHash?.meaningfulText,
            likes: members.likes?.integer(in: UpstreamNumber.positive),
            user: members.user.flatMap { $0.isObject ? Self.user($0) : nil },
            location: members.location.flatMap(Self.location), camera: members.exif.flatMap(Self.camera),
            downloadLocation: downloadLocation?.webLink))
    }

    /// Nil for what cannot be shown: no id a client could send back, or no rendition (no usable
    /// urls, or no original width and height to size them from). The title is the description,
    /// else the alt description; the credit names the user's name, else their username.
    /// `photo` is consumed: its strings move into the item rather than being copied.
    package func item(_ photo: consuming PhotoFields) -> Item? {
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
            createdAt: photo.createdAt.flatMap(ISO8601.date(from:)),
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

    private static func user(_ object: JSONView) -> Author? {
        var name, username, links, profileImage: JSONView?
        object.forEachMember { key, value in
            switch key {
            case "name": keepFirst(&name, value)
            case "username": keepFirst(&username, value)
            case "links": keepFirst(&links, value)
            case "profile_image": keepFirst(&profileImage, value)
            default: break
            }
        }
        var medium, large, small: JSONView?
        profileImage?.forEachMember { size, link in
            switch size {
            case "medium": keepFirst(&medium, link)
            case "large": keepFirst(&large, link)
            case "small": keepFirst(&small, link)
            default: break
            }
        }
        // `avatarSizes`' order.
        let avatar = medium?.webLink ?? large?.webLink ?? small?.webLink
        let user = Author(displayName: name?.meaningfulText, username: username?.meaningfulText,
                          avatarURL: avatar, profileURL: links?["html"]?.webLink)
        return user.hasValue ? user : nil
    }

    private static func location(_ object: JSONView) -> PhotoLocation? {
        var name, city, country: JSONView?
        object.forEachMember { key, value in
            switch key {
            case "name": keepFirst(&name, value)
            case "city": keepFirst(&city, value)
            case "country": keepFirst(&country, value)
            default: break
            }
        }
        let location = PhotoLocation(name: name?.meaningfulText, city: city?.meaningfulText, country: country?.meaningfulText)
        return location.hasValue ? location : nil
    }

    /// Nil when Unsplash sent every EXIF field as null, as it often does.
    private static func camera(_ object: JSONView) -> PhotoCamera? {
        var make, model, exposureTime, aperture, focalLength, iso: JSONView?
        object.forEachMember { key, value in
            switch key {
            case "make": keepFirst(&make, value)
            case "model": keepFirst(&model, value)
            case "exposure_time": keepFirst(&exposureTime, value)
            case "aperture": keepFirst(&aperture, value)
            case "focal_length": keepFirst(&focalLength, value)
            case "iso": keepFirst(&iso, value)
            default: break
            }
        }
        let camera = PhotoCamera(make: exifText(make), model: exifText(model), exposureTime: exifText(exposureTime),
                                 aperture: exifText(aperture), focalLength: exifText(focalLength),
                                 iso: iso?.integer(in: UpstreamNumber.positive))
        return camera.hasValue ? camera : nil
    }

    /// An EXIF value kept as text: a string as sent, a number (2.8) written as Swift writes it.
    private static func exifText(_ value: JSONView?) -> String? {
        guard let value else { return nil }
        if let text = value.meaningfulText { return text }
        return value.number.flatMap { $0.isFinite ? String($0) : nil }
    }
}
