import Model
/// Every key of our item's JSON and of its parts, spelled once: the writer (Item+JSON.swift) and
/// the reader (Item+Reading.swift) both use these.
enum ItemKeys {
    static let addedAt: StaticString = "added_at"
    static let altText: StaticString = "alt_text"
    static let attribution: StaticString = "attribution"
    static let blurHash: StaticString = "blur_hash"
    static let camera: StaticString = "camera"
    static let color: StaticString = "color"
    static let createdAt: StaticString = "created_at"
    static let height: StaticString = "height"
    static let id: StaticString = "id"
    static let images: StaticString = "images"
    static let isFavorite: StaticString = "is_favorite"
    static let likes: StaticString = "likes"
    static let location: StaticString = "location"
    static let provider: StaticString = "provider"
    static let rating: StaticString = "rating"
    static let shareText: StaticString = "share_text"
    static let shareURL: StaticString = "share_url"
    static let stale: StaticString = "stale"
    static let title: StaticString = "title"
    static let upstreamLinks: StaticString = "upstream_links"
    static let url: StaticString = "url"
    static let user: StaticString = "user"
    static let username: StaticString = "username"
    static let width: StaticString = "width"
    // An author's.
    static let avatarURL: StaticString = "avatar_url"
    static let displayName: StaticString = "display_name"
    static let profileURL: StaticString = "profile_url"
    // An attribution's.
    static let authorURL: StaticString = "author_url"
    static let providerURL: StaticString = "provider_url"
    static let text: StaticString = "text"
    // A location's.
    static let city: StaticString = "city"
    static let country: StaticString = "country"
    static let name: StaticString = "name"
    // A camera's.
    static let aperture: StaticString = "aperture"
    static let exposureTime: StaticString = "exposure_time"
    static let focalLength: StaticString = "focal_length"
    static let iso: StaticString = "iso"
    static let make: StaticString = "make"
    static let model: StaticString = "model"
    // The server's own links.
    static let downloadLocation: StaticString = "download_location"
    static let onclick: StaticString = "onclick"
    static let onload: StaticString = "onload"
    static let onsent: StaticString = "onsent"
    // A rendition's.
    static let mp4: StaticString = "mp4"
    static let size: StaticString = "size"
    static let webp: StaticString = "webp"
}
