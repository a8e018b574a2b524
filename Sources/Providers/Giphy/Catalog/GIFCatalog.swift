import DemoCatalog
import Foundation

/// GIPHY's GIFs as the demo serves them (`GiphyDemoProvider`, in-process) and the fake GIPHY
/// does (over HTTP, for tests): generated deterministically, with GIPHY's ways of listing them.
package struct GIFCatalog: Sendable {
    package static let defaultSeed: UInt64 = 0x6769_662D_6266_6621
    /// Built once; the demo and every fake share it.
    package static let standard = GIFCatalog(seed: defaultSeed)

    package private(set) var gifs: [CatalogGIF]
    package let topics: [String]
    private let indexByID: [String: Int]
    /// Each GIF's `searchableText`, in catalog order: made once, read by every search.
    private let searchable: [String]
    /// Catalog indices in trending order.
    private let trendingOrder: [Int]

    package init(seed: UInt64 = GIFCatalog.defaultSeed) {
        var builder = GIFCatalogBuilder(seed: seed)
        gifs = builder.build()
        topics = CatalogTopic.gifs.map(\.name)
        indexByID = Dictionary(gifs.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var random = SeededGenerator(seed: seed ^ 0x7472_656E_6469_6E67)
        var order = Array(gifs.indices)
        // Fisher-Yates by hand: the standard library does not promise its shuffle's sequence.
        for index in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(index, random.below(index + 1))
        }
        trendingOrder = order
        searchable = gifs.map(\.searchableText)
    }

    /// GIPHY's longest query, in characters: a longer one is refused (414).
    package static let maxQueryCharacters = 50

    /// `q` as GIPHY's search takes it: refused when absent or blank (400) or too long (414).
    package static func checkedQuery(_ query: String?) throws(GIFRefusal) -> String {
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badParameter("q") }
        guard query.count <= maxQueryCharacters else { throw .queryTooLong }
        return query
    }

    package func gif(id: String) -> CatalogGIF? {
        indexByID[id].map { gifs[$0] }
    }

    /// GIFs matching every word of `query` in title, topic or tags (case-insensitively), those
    /// with the whole query in the title first; with GIPHY's repeats (see `withRepeats`).
    package func search(_ query: String, rating: RatingFilter = .all) -> [CatalogGIF] {
        let phrase = query.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let words = phrase.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        let matches = gifs.indices.filter { index in
            rating.allows(gifs[index].rating) && words.allSatisfy { searchable[index].contains($0) }
        }.map { gifs[$0] }
        let inTitle = matches.filter { $0.title.lowercased().contains(phrase) }
        let rest = matches.filter { !$0.title.lowercased().contains(phrase) }
        return Self.withRepeats(inTitle + rest)
    }

    /// The whole catalog in a stable "trending" order, with GIPHY's repeats.
    package func trending(rating: RatingFilter = .all) -> [CatalogGIF] {
        Self.withRepeats(trendingOrder.map { gifs[$0] }.filter { rating.allows($0.rating) })
    }

    /// What `random` picks from: GIFs matching the tag (like a search), or all of them.
    package func randomPool(tag: String?, rating: RatingFilter = .all) -> [CatalogGIF] {
        guard let tag, !tag.trimmingCharacters(in: .whitespaces).isEmpty else {
            return gifs.filter { rating.allows($0.rating) }
        }
        var seen: Set<String> = []
        return search(tag, rating: rating).filter { seen.insert($0.id).inserted }
    }

    /// GIPHY repeats results within and across pages. Here: at index 26, 51, 76, ... the item
    /// six places earlier comes again, so with limit 25 page 2 repeats an id of page 1, and
    /// with limit 50 one page holds the same id twice.
    static func withRepeats(_ list: [CatalogGIF]) -> [CatalogGIF] {
        var out: [CatalogGIF] = []
        out.reserveCapacity(list.count + list.count / 25)
        for gif in list {
            if out.count >= 26 && (out.count - 26) % 25 == 0 { out.append(out[out.count - 6]) }
            out.append(gif)
        }
        return out
    }
}

extension GIFCatalog {
    /// The same catalog with every picture at `base` (gif-bff's demo media, drawn to the sizes
    /// stated): `{base}/giphy/{id}/{rendition}.gif`, avatars `{base}/giphy/{user}/avatar.gif`. Only
    /// GIF renditions are kept (no mp4 or webp is drawn), without byte sizes (unknown until drawn).
    package func withMedia(at base: String) -> GIFCatalog {
        var moved = self
        moved.gifs = gifs.map { gif in
            var gif = gif
            gif.renditions = gif.renditions.compactMap { rendition in
                guard let url = rendition.url else { return nil }
                return CatalogRendition(name: rendition.name, width: rendition.width, height: rendition.height,
                                        url: url.isEmpty ? url : "\(base)/giphy/\(gif.id)/\(rendition.name).gif",
                                        frames: rendition.frames, hash: rendition.hash)
            }
            if let username = gif.user?.username { gif.user?.avatarOverride = "\(base)/giphy/\(username)/avatar.gif" }
            return gif
        }
        return moved
    }
}
