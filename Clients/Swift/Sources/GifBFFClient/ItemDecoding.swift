import Foundation

/// The generated shapes an item arrives in (lists, one item, a favorite): the same fields, so
/// one conversion serves all three.
protocol GeneratedItem {
    var id: String { get }
    var provider: String? { get }
    var title: String? { get }
    var altText: String? { get }
    var rating: String? { get }
    var url: String { get }
    var shareUrl: String? { get }
    var shareText: String { get }
    var username: String? { get }
    var user: Components.Schemas.Author? { get }
    var createdAt: Date? { get }
    /// Whether it is a favorite now, when the answer says.
    var favoriteNow: Bool? { get }
    var attribution: Components.Schemas.Attribution? { get }
    var width: Int? { get }
    var height: Int? { get }
    var color: String? { get }
    var blurHash: String? { get }
    var likes: Int? { get }
    var location: Components.Schemas.PhotoLocation? { get }
    var camera: Components.Schemas.PhotoCamera? { get }
    var renditionsByName: [String: Components.Schemas.Rendition] { get }
    var savedCopy: Bool { get }
    var favoriteSince: Date? { get }
}

extension Components.Schemas.Item: GeneratedItem {
    var favoriteNow: Bool? { isFavorite }
    var renditionsByName: [String: Components.Schemas.Rendition] { images?.additionalProperties ?? [:] }
    var savedCopy: Bool { false }
    var favoriteSince: Date? { nil }
}

extension Components.Schemas.FetchedItem: GeneratedItem {
    var favoriteNow: Bool? { isFavorite }
    var renditionsByName: [String: Components.Schemas.Rendition] { images?.additionalProperties ?? [:] }
    var savedCopy: Bool { stale == true }
    var favoriteSince: Date? { nil }
}

extension Components.Schemas.Favorite: GeneratedItem {
    var favoriteNow: Bool? { isFavorite }
    var renditionsByName: [String: Components.Schemas.Rendition] { images?.additionalProperties ?? [:] }
    var savedCopy: Bool { false }
    var favoriteSince: Date? { addedAt }
}

extension Item {
    init(_ item: some GeneratedItem, stale: Bool = false) {
        let provider = Provider(rawValue: item.provider.flatMap { $0.isEmpty ? nil : $0 } ?? Provider.giphy.rawValue)
        id = item.id
        self.provider = provider
        title = item.title.nonEmpty
        altText = item.altText.nonEmpty
        pageURL = URL(link: item.url)
        shareText = item.shareText
        shareURL = URL(link: item.shareUrl)
        author = Author(item.user, username: item.username)
        createdAt = item.createdAt
        isFavorite = item.favoriteNow ?? (item.favoriteSince != nil)
        addedToFavoritesAt = item.favoriteSince
        // A rendition whose URL does not parse is one an app cannot load: left out.
        var renditions: [String: Rendition] = [:]
        for (name, rendition) in item.renditionsByName {
            guard let url = URL(link: rendition.url) else { continue }
            renditions[name] = Rendition(name: name, url: url, width: rendition.width, height: rendition.height,
                                         byteCount: rendition.size, mp4URL: URL(link: rendition.mp4), webpURL: URL(link: rendition.webp))
        }
        self.renditions = renditions
        width = item.width
        height = item.height
        color = item.color.nonEmpty
        blurHash = item.blurHash.nonEmpty
        likes = item.likes
        location = item.location.flatMap { PhotoLocation(name: $0.name.nonEmpty, city: $0.city.nonEmpty, country: $0.country.nonEmpty) }
        camera = item.camera.map {
            PhotoCamera(make: $0.make.nonEmpty, model: $0.model.nonEmpty, exposureTime: $0.exposureTime.nonEmpty,
                        aperture: $0.aperture.nonEmpty, focalLength: $0.focalLength.nonEmpty, iso: $0.iso)
        }
        rating = item.rating.nonEmpty
        // An older server sent no attribution; its items were all GIPHY's, whose wording is fixed.
        attribution = item.attribution.map {
            Attribution(text: $0.text, authorURL: URL(link: $0.authorUrl), providerURL: URL(link: $0.providerUrl))
        } ?? (provider == .giphy ? Attribution(text: "Powered by GIPHY", authorURL: nil, providerURL: nil) : nil)
        isStale = stale || item.savedCopy
    }
}

extension Author {
    /// Nil when the server names no one.
    init?(_ user: Components.Schemas.Author?, username: String?) {
        let username = user?.username.nonEmpty ?? username.nonEmpty
        guard let name = user?.displayName.nonEmpty ?? username else { return nil }
        self.init(name: name, username: username, avatarURL: URL(link: user?.avatarUrl), profileURL: URL(link: user?.profileUrl))
    }
}

extension URL {
    /// An http(s) link from the server, or nil: anything else is not a page or an image to load.
    init?(link: String?) {
        guard let link, let url = URL(string: link), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        self = url
    }
}

extension Optional where Wrapped == String {
    /// The text, or nil when it is absent or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
