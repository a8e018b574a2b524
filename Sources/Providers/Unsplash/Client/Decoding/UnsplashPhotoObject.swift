import ProviderHTTP

/// One photo as Unsplash sends it: only the fields we map, each read leniently (a field of the
/// wrong type is absent, never a failure of the photo).
struct UnsplashPhotoObject: Decodable {
    var id: LenientString?
    var createdAt: LenientString?
    var width: LenientInt?
    var height: LenientInt?
    var color: LenientString?
    var blurHash: LenientString?
    var description: LenientString?
    var altDescription: LenientString?
    var likes: LenientInt?
    var urls: Lenient<[String: LenientString]>?
    var links: Lenient<UnsplashPhotoLinks>?
    var user: Lenient<UnsplashUserObject>?
    var exif: Lenient<UnsplashExifObject>?
    var location: Lenient<UnsplashLocationObject>?

    enum CodingKeys: String, CodingKey {
        case id, width, height, color, description, likes, urls, links, user, exif, location
        case createdAt = "created_at"
        case blurHash = "blur_hash"
        case altDescription = "alt_description"
    }
}

struct UnsplashPhotoLinks: Decodable {
    var html: LenientString?
    var downloadLocation: LenientString?

    enum CodingKeys: String, CodingKey {
        case html
        case downloadLocation = "download_location"
    }
}

struct UnsplashUserObject: Decodable {
    var username: LenientString?
    var name: LenientString?
    var links: Lenient<UnsplashUserLinks>?
    var profileImage: Lenient<[String: LenientString]>?

    enum CodingKeys: String, CodingKey {
        case username, name, links
        case profileImage = "profile_image"
    }
}

struct UnsplashUserLinks: Decodable {
    var html: LenientString?
}

/// EXIF as Unsplash sends it: strings ("1/125", "2.8"), now and then numbers, often all null.
struct UnsplashExifObject: Decodable {
    var make: ExifText?
    var model: ExifText?
    var exposureTime: ExifText?
    var aperture: ExifText?
    var focalLength: ExifText?
    var iso: LenientInt?

    enum CodingKeys: String, CodingKey {
        case make, model, aperture, iso
        case exposureTime = "exposure_time"
        case focalLength = "focal_length"
    }
}

struct UnsplashLocationObject: Decodable {
    var name: LenientString?
    var city: LenientString?
    var country: LenientString?
}
