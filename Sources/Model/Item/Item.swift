import ASCII
import Foundation

/// One item of ours: a GIF or sticker from GIPHY, a photo from Unsplash. Its shape is the
/// same whatever the provider; fields a provider does not have are left out. The API writes it
/// with `writeMembers` (Item+JSON.swift), stored snapshots and cached answers too;
/// `init(json:)` (Item+Reading.swift) reads those back. Never null, "" or 0 for a value we do not have.
package struct Item: Equatable, Sendable {
    // Optional fields are spelled `Optional<T>` in this folder's records, not `T?`: a `T?` var
    // is set to nil before the initializer assigns it, and Swift 6.3 then copied the whole value
    // at the end of every init (a retain and release per field, per item and rendition mapped).
    /// Unique across providers: GIPHY's id as is, others prefixed with their provider ("unsplash:...").
    package var id: String
    package var provider: ProviderName
    package var title: Optional<String>
    /// A description for screen readers, when the upstream has one.
    package var altText: Optional<String>
    package var rating: Optional<String>
    /// The item's page.
    package var url: String
    /// The short link (e.g. bit.ly) when the upstream gives one.
    package var shareURL: Optional<String>
    package var username: Optional<String>
    package var user: Optional<Author>
    package var createdAt: Optional<Date>
    /// Set by the API when answering; never part of a stored snapshot.
    package var isFavorite: Optional<Bool>
    /// Renditions by name: "preview", "still", "fixed_width", "original" for GIFs; "thumb",
    /// "small", "regular", "full", "raw" for photos.
    package var images: Renditions
    /// The original's size, when the provider gives it apart from the renditions (photos).
    package var width: Optional<Int>
    package var height: Optional<Int>
    /// The dominant colour ("#c0d8f0") and a BlurHash, for placeholders while the image loads.
    package var color: Optional<String>
    package var blurHash: Optional<String>
    package var likes: Optional<Int>
    package var location: Optional<PhotoLocation>
    package var camera: Optional<PhotoCamera>
    package var attribution: Optional<Attribution>
    /// The provider's own wording for sharing; GIPHY's items use the default (`shareText`).
    package var presetShareText: Optional<String>
    /// For the server's later calls only (download tracking, analytics); never in an answer.
    package var upstreamLinks: Optional<UpstreamLinks>

    package init(
        id: String, provider: ProviderName, title: String? = nil, altText: String? = nil, rating: String? = nil,
        url: String, shareURL: String? = nil, username: String? = nil, user: Author? = nil, createdAt: Date? = nil,
        isFavorite: Bool? = nil, images: Renditions = [:], width: Int? = nil, height: Int? = nil,
        color: String? = nil, blurHash: String? = nil, likes: Int? = nil, location: PhotoLocation? = nil,
        camera: PhotoCamera? = nil, attribution: Attribution? = nil, presetShareText: String? = nil,
        upstreamLinks: UpstreamLinks? = nil
    ) {
        self.id = id
        self.provider = provider
        self.title = title
        self.altText = altText
        self.rating = rating
        self.url = url
        self.shareURL = shareURL
        self.username = username
        self.user = user
        // Held here, where every provider's mapping makes its items: the precision we write.
        self.createdAt = createdAt.map(ISO8601.wholeSeconds)
        self.isFavorite = isFavorite
        self.images = images
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.likes = likes
        self.location = location
        self.camera = camera
        self.attribution = attribution
        self.presetShareText = presetShareText
        self.upstreamLinks = upstreamLinks
    }

    /// The link to share: the short link when there is one, else the page.
    package var shareLink: String {
        if let shareURL, !WhiteSpace.isBlank(shareURL) { return shareURL }
        return url
    }

    /// The provider's wording when it gave one, else "<title> <link>" ("GIF <link>" without a title).
    /// Made for every item of every page written: trimmed without Foundation.
    package var shareText: String {
        switch shareTextParts {
        case .preset(let text): text
        case .titled(let title, let link): title + " " + link
        }
    }

    /// What `shareText` is made of, so a writer can write it without joining a String per item.
    package var shareTextParts: ShareTextParts {
        if let presetShareText, !presetShareText.isEmpty { return .preset(presetShareText) }
        return .titled(title.flatMap(WhiteSpace.trimmed) ?? "GIF", link: shareLink)
    }

    /// The provider's wording as it is, or a title and a link, joined by a space.
    package enum ShareTextParts {
        case preset(String)
        case titled(String, link: String)
    }
}

extension Item {
    /// The same item with `is_favorite` set.
    package func marked(favorite: Bool) -> Item {
        var item = self
        item.isFavorite = favorite
        return item
    }
}
