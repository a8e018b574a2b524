import Foundation
import DemoCatalog

/// Pexels' photos as the demo serves them (`PexelsDemoProvider`, in-process) and the fake Pexels
/// does (over HTTP, for tests): generated deterministically over the photo topics both photo
/// catalogs share, with Pexels' ways of listing them.
package struct PexelsCatalog: Sendable {
    package static let defaultSeed: UInt64 = 0x7065_7865_6C73
    /// Built once; the demo and every fake share it.
    package static let standard = PexelsCatalog(seed: defaultSeed)

    package private(set) var photos: [PexelsCatalogPhoto]
    private let indexByID: [Int: Int]
    /// Each photo's `searchableText`, in catalog order: made once, read by every search.
    private let searchable: [String]
    /// The photos by `curatedRank`.
    private let curatedOrder: [Int]
    /// Where the pictures are: Pexels' image host, or gif-bff's demo media (`withMedia(at:)`).
    private(set) var demoMediaBase: String?

    package init(seed: UInt64 = PexelsCatalog.defaultSeed) {
        var builder = PexelsCatalogBuilder(seed: seed)
        let built = builder.build()
        photos = built
        indexByID = Dictionary(built.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        searchable = built.map(\.searchableText)
        curatedOrder = built.indices.sorted { built[$0].curatedRank < built[$1].curatedRank }
    }

    /// `id` as Pexels' paths carry it: digits only.
    package func photo(id: String) -> PexelsCatalogPhoto? {
        guard id.utf8.count <= 18, id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = Int(id) else { return nil }
        return indexByID[number].map { photos[$0] }
    }

    /// Photos matching every word of `query`, those whose alt text holds the whole query first.
    package func search(_ query: String) -> [PexelsCatalogPhoto] {
        let phrase = query.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let words = phrase.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        let matches = photos.indices.filter { index in words.allSatisfy { searchable[index].contains($0) } }.map { photos[$0] }
        return matches.filter { $0.alt.lowercased().contains(phrase) } + matches.filter { !$0.alt.lowercased().contains(phrase) }
    }

    /// The curated list (`GET /v1/curated`), in its own order.
    package var curated: [PexelsCatalogPhoto] { curatedOrder.map { photos[$0] } }

    /// `src` in Pexels' order, each size's link: Pexels' image host with its parameters, or the
    /// demo media's path for that size.
    package func sources(of photo: PexelsCatalogPhoto) -> [(name: String, url: String)] {
        if let demoMediaBase {
            return Self.sourceParameters.map { ($0.name, "\(demoMediaBase)/pexels/\(photo.id)/\($0.name)") }
        }
        let original = "https://images.pexels.com/photos/\(photo.id)/pexels-photo-\(photo.id).jpeg"
        return Self.sourceParameters.map { ($0.name, original + $0.parameters) }
    }

    /// What each of Pexels' sizes adds to the original's link.
    static let sourceParameters: [(name: String, parameters: String)] = [
        ("original", ""), ("large2x", "?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940"),
        ("large", "?auto=compress&cs=tinysrgb&h=650&w=940"), ("medium", "?auto=compress&cs=tinysrgb&h=350"),
        ("small", "?auto=compress&cs=tinysrgb&h=130"), ("portrait", "?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800"),
        ("landscape", "?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200"),
        ("tiny", "?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280"),
    ]
}

extension PexelsCatalog {
    /// The same catalog with every picture at `base` (`{base}/pexels/{id}/{size}`).
    package func withMedia(at base: String) -> PexelsCatalog {
        var moved = self
        moved.demoMediaBase = base
        return moved
    }

    /// The same catalog with each photo's original size as `size` gives it: demo mode states the
    /// size it draws.
    package func resizingPhotos(_ size: (PexelsCatalogPhoto) -> (width: Int, height: Int)) -> PexelsCatalog {
        var resized = self
        for index in resized.photos.indices {
            (resized.photos[index].width, resized.photos[index].height) = size(resized.photos[index])
        }
        return resized
    }
}
