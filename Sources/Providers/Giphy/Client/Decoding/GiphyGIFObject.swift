import ProviderHTTP

/// One GIF as GIPHY sends it: only the fields we map, each read leniently.
struct GiphyGIFObject: Decodable {
    var id: LenientString?
    var title: LenientString?
    var altText: LenientString?
    var rating: LenientString?
    var url: LenientString?
    var bitlyURL: LenientString?
    var username: LenientString?
    var createDatetime: LenientString?
    var importDatetime: LenientString?
    var user: Lenient<GiphyUserObject>?
    /// By GIPHY's rendition name. Sent as `[]` by some PHP-era responses when empty, hence lenient.
    var images: Lenient<[String: Lenient<GiphyRenditionObject>]>?
    /// The pingback urls: `{"onload": {"url": ...}, "onclick": ..., "onsent": ...}`.
    var analytics: Lenient<GiphyAnalyticsObject>?

    enum CodingKeys: String, CodingKey {
        case id, title, rating, url
        case altText = "alt_text"
        case bitlyURL = "bitly_url"
        case username
        case createDatetime = "create_datetime"
        case importDatetime = "import_datetime"
        case user, images, analytics
    }
}

struct GiphyUserObject: Decodable {
    var displayName: LenientString?
    var username: LenientString?
    var avatarURL: LenientString?
    var profileURL: LenientString?

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case username
        case avatarURL = "avatar_url"
        case profileURL = "profile_url"
    }
}

struct GiphyRenditionObject: Decodable {
    var url: LenientString?
    var width: LenientInt?
    var height: LenientInt?
    var size: LenientInt?
    var mp4: LenientString?
    var webp: LenientString?
}

/// `analytics`: each action's pingback as `{"url": "..."}`.
struct GiphyAnalyticsObject: Decodable {
    var onload: Lenient<GiphyPingbackObject>?
    var onclick: Lenient<GiphyPingbackObject>?
    var onsent: Lenient<GiphyPingbackObject>?
}

struct GiphyPingbackObject: Decodable {
    var url: LenientString?
}
