import DemoCatalog
import Foundation

/// Unsplash's photos as the demo serves them (`UnsplashDemoProvider`, in-process) and the fake
/// Unsplash does (over HTTP, for tests): generated deterministically, with Unsplash's ways of
/// listing them.
package struct PhotoCatalog: Sendable {
    package static let defaultSeed: UInt64 = 0x756E_7370_6C61_7368
    /// Built once; the demo and every fake share it.
    package static let standard = PhotoCatalog(seed: defaultSeed)

    package private(set) var photos: [CatalogPhoto]
    package let topics: [String]
    private let indexByID: [String: Int]
    /// Each photo's `searchableText`, in catalog order: made once, read by every search.
    private let searchable: [String]
    /// Where the pictures are: Unsplash's image host, or gif-bff's demo media (`withMedia(at:)`).
    private(set) var demoMediaBase: String?

    package init(seed: UInt64 = PhotoCatalog.defaultSeed) {
        var builder = PhotoCatalogBuilder(seed: seed)
        photos = builder.build()
        topics = CatalogTopic.photos.map(\.name)
        indexByID = Dictionary(photos.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        searchable = photos.map(\.searchableText)
    }

    package func photo(id: String) -> CatalogPhoto? {
        indexByID[id].map { photos[$0] }
    }

    /// `query` as search takes it; nil when absent or blank (Unsplash's 400, "query is missing").
    package static func checkedQuery(_ query: String?) -> String? {
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return query
    }

    /// Photos matching every word of `query`; "relevant" puts those whose alt description holds
    /// the whole query first, "latest" sorts by date, newest first.
    package func search(_ query: String, order: SearchOrder = .relevant) -> [CatalogPhoto] {
        let phrase = query.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let words = phrase.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        let matches = photos.indices.filter { index in words.allSatisfy { searchable[index].contains($0) } }.map { photos[$0] }
        switch order {
        case .relevant:
            return matches.filter { $0.altDescription.contains(phrase) } + matches.filter { !$0.altDescription.contains(phrase) }
        case .latest:
            return Self.newestFirst(matches)
        }
    }

    /// The editorial feed (`GET /photos`) in the order asked for.
    package func feed(order: FeedOrder) -> [CatalogPhoto] {
        switch order {
        case .latest: Self.newestFirst(photos)
        case .oldest: Self.newestFirst(photos).reversed()
        case .popular: photos.enumerated().sorted { ($0.element.likes, -$0.offset) > ($1.element.likes, -$1.offset) }.map(\.element)
        }
    }

    /// What `random` picks from: photos matching `query` (in any order), or all of them when
    /// it is absent or blank.
    package func randomPool(query: String?) -> [CatalogPhoto] {
        let query = query?.trimmingCharacters(in: .whitespaces) ?? ""
        return query.isEmpty ? photos : search(query)
    }

    package enum SearchOrder: String, Sendable {
        case relevant, latest

        /// Search's `order_by`: relevant when not sent; nil for a value Unsplash refuses (400).
        package init?(parameter: String?) {
            self.init(rawValue: parameter ?? SearchOrder.relevant.rawValue)
        }
    }

    package enum FeedOrder: String, Sendable {
        case latest, oldest, popular

        /// The feed's `order_by`: latest when not sent or not known (Unsplash ignores it then).
        package init(parameter: String?) {
            self = FeedOrder(rawValue: parameter ?? "") ?? .latest
        }
    }

    /// ISO 8601 in UTC sorts as text; ties keep catalog order.
    private static func newestFirst(_ list: [CatalogPhoto]) -> [CatalogPhoto] {
        list.enumerated().sorted { ($0.element.createdAt, -$0.offset) > ($1.element.createdAt, -$1.offset) }.map(\.element)
    }
}

extension PhotoCatalog {
    /// The same catalog with every picture at `base` (gif-bff's demo media, drawn from each
    /// photo's colour at the size its `w` gives): `{base}/unsplash/{id}/photo?...&w=400`, profile
    /// images `{base}/unsplash/{user}/profile?...&w=64&h=64`.
    package func withMedia(at base: String) -> PhotoCatalog {
        var moved = self
        moved.demoMediaBase = base
        return moved
    }

    /// The same catalog with each photo's original size as `size` gives it: demo mode states
    /// the size it draws.
    package func resizingPhotos(_ size: (CatalogPhoto) -> (width: Int, height: Int)) -> PhotoCatalog {
        var resized = self
        for index in resized.photos.indices {
            (resized.photos[index].width, resized.photos[index].height) = size(resized.photos[index])
        }
        return resized
    }
}
