import Foundation

/// The fake Unsplash's photos, generated deterministically, with Unsplash's ways of listing them.
/// Also the demo catalog for photos when no Unsplash key is set.
public struct FakePhotoCatalog: Sendable {
    public static let defaultSeed: UInt64 = 0x756E_7370_6C61_7368
    /// Built once; every fake shares it.
    public static let standard = FakePhotoCatalog(seed: defaultSeed)

    public private(set) var photos: [FakePhoto]
    public let topics: [String]
    private let indexByID: [String: Int]
    /// Where the pictures are: Unsplash's image host, or gif-bff's demo media (`withMedia(at:)`).
    private var demoMediaBase: String?

    public init(seed: UInt64 = FakePhotoCatalog.defaultSeed) {
        var builder = PhotoCatalogBuilder(seed: seed)
        photos = builder.build()
        topics = CatalogTopic.photos.map(\.name)
        indexByID = Dictionary(photos.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    public func photo(id: String) -> FakePhoto? {
        indexByID[id].map { photos[$0] }
    }

    /// Photos matching every word of `query`; "relevant" puts those whose alt description holds
    /// the whole query first, "latest" sorts by date, newest first.
    public func search(_ query: String, order: SearchOrder = .relevant) -> [FakePhoto] {
        let phrase = query.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let words = phrase.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        let matches = photos.filter { photo in words.allSatisfy { photo.searchableText.contains($0) } }
        switch order {
        case .relevant:
            return matches.filter { $0.altDescription.contains(phrase) } + matches.filter { !$0.altDescription.contains(phrase) }
        case .latest:
            return Self.newestFirst(matches)
        }
    }

    /// The editorial feed (`GET /photos`) in the order asked for.
    public func feed(order: FeedOrder) -> [FakePhoto] {
        switch order {
        case .latest: Self.newestFirst(photos)
        case .oldest: Self.newestFirst(photos).reversed()
        case .popular: photos.enumerated().sorted { ($0.element.likes, -$0.offset) > ($1.element.likes, -$1.offset) }.map(\.element)
        }
    }

    public enum SearchOrder: String, Sendable {
        case relevant, latest
    }

    public enum FeedOrder: String, Sendable {
        case latest, oldest, popular
    }

    /// ISO 8601 in UTC sorts as text; ties keep catalog order.
    private static func newestFirst(_ list: [FakePhoto]) -> [FakePhoto] {
        list.enumerated().sorted { ($0.element.createdAt, -$0.offset) > ($1.element.createdAt, -$1.offset) }.map(\.element)
    }
}

extension FakePhotoCatalog {
    /// The same catalog with every picture at `base` (gif-bff's demo media, drawn from each
    /// photo's colour at the size its `w` gives): `{base}/unsplash/{id}/photo?...&w=400`, profile
    /// images `{base}/unsplash/{user}/profile?...&w=64&h=64`.
    public func withMedia(at base: String) -> FakePhotoCatalog {
        var moved = self
        moved.demoMediaBase = base
        return moved
    }

    /// The same catalog with each photo's original size as `size` gives it: demo mode states
    /// the size it draws.
    public func resizingPhotos(_ size: (FakePhoto) -> (width: Int, height: Int)) -> FakePhotoCatalog {
        var resized = self
        for index in resized.photos.indices {
            (resized.photos[index].width, resized.photos[index].height) = size(resized.photos[index])
        }
        return resized
    }

    /// The photo's raw url, as `urls.raw` has it; the sized ones add Unsplash's parameters.
    func rawURL(of photo: FakePhoto) -> String {
        let query = "ixid=\(photo.ixid)&ixlib=rb-4.0.3"
        if let demoMediaBase { return "\(demoMediaBase)/unsplash/\(photo.id)/photo?\(query)" }
        return "https://images.unsplash.com/photo-\(photo.id)?\(query)"
    }

    /// A photographer's profile image, before its size parameters.
    func profileImageURL(of username: String) -> String {
        if let demoMediaBase { return "\(demoMediaBase)/unsplash/\(username)/profile?ixlib=rb-4.0.3&crop=faces&fit=crop" }
        return "https://images.unsplash.com/profile-\(username)?ixlib=rb-4.0.3&crop=faces&fit=crop"
    }
}
