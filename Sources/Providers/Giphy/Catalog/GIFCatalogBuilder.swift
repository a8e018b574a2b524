import DemoCatalog

/// Generates the catalog from a seed: the same seed gives the same GIFs, byte for byte.
/// Topics are interleaved so any page mixes themes. Some GIFs carry GIPHY's odd corners on
/// purpose (by index, so they are stable): no user, an empty username, "no date" dates,
/// missing renditions, exactly one rendition with an empty url, and no alt text on every seventh.
struct GIFCatalogBuilder {
    static let gifsPerTopic = 15
    /// The GIF whose `fixed_width_still` has an empty url.
    static let emptyRenditionIndex = 42

    /// Tags many GIFs share, so some searches have many pages.
    static let sharedTags = ["funny", "mood", "animation", "cartoon", "animals", "meme", "vibes", "classic"]

    private var random: SeededGenerator
    private var usedIDs: Set<String> = []

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func build() -> [CatalogGIF] {
        var gifs: [CatalogGIF] = []
        for round in 0..<Self.gifsPerTopic {
            for topic in CatalogTopic.gifs {
                gifs.append(makeGIF(index: gifs.count, topic: topic, round: round))
            }
        }
        return gifs
    }

    private mutating func makeGIF(index: Int, topic: CatalogTopic, round: Int) -> CatalogGIF {
        let id = uniqueID()
        let subject = topic.subjects[round % topic.subjects.count]
        let action = topic.details[(round / topic.subjects.count + round) % topic.details.count]
        let user = index % 4 == 0 ? nil : CatalogUser.pool[random.below(CatalogUser.pool.count)]
        let title = "\(subject) \(action) GIF" + (user.map { " by \($0.displayName)" } ?? "")
        let sharedTag = Self.sharedTags[random.below(Self.sharedTags.count)]
        let dates = makeDates(index: index)
        return CatalogGIF(
            id: id, slug: Self.slug(title: "\(subject) \(action)", id: id), title: title,
            altText: index % 7 == 3 ? nil : "\(subject) \(action)", topic: topic.name,
            tags: topic.tags + [sharedTag], rating: makeRating(), user: user,
            username: index % 19 == 2 ? "" : (user?.username ?? ""),
            importDatetime: dates.imported, trendingDatetime: dates.trending, createDatetime: dates.created,
            renditions: makeRenditions(index: index, id: id))
    }

    private mutating func uniqueID() -> String {
        while true {
            let length = 13 + random.below(6)
            let id = random.string(length, from: SeededGenerator.alphanumerics)
            if usedIDs.insert(id).inserted { return id }
        }
    }

    /// Mostly g, as on GIPHY.
    private mutating func makeRating() -> String {
        switch random.below(100) {
        case ..<70: "g"
        case ..<85: "pg"
        case ..<95: "pg-13"
        default: "r"
        }
    }

    private mutating func makeDates(index: Int) -> (imported: String, trending: String, created: String?) {
        let year = 2014 + random.below(11)
        let imported = timestamp(year: year)
        let trending = index % 5 == 0 ? timestamp(year: 2025) : CatalogGIF.noDate
        if index % 31 == 4 { return (CatalogGIF.noDate, trending, nil) }
        if index % 37 == 9 { return (CatalogGIF.epoch, trending, nil) }
        return (imported, trending, index % 3 == 0 ? timestamp(year: year - 1) : nil)
    }

    private mutating func timestamp(year: Int) -> String {
        let numbers = [1 + random.below(12), 1 + random.below(28), random.below(24), random.below(60), random.below(60)]
        let parts = numbers.map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(year)-\(parts[0])-\(parts[1]) \(parts[2]):\(parts[3]):\(parts[4])"
    }

    private mutating func makeRenditions(index: Int, id: String) -> [CatalogRendition] {
        let widths = [480, 498, 500, 400, 360, 320, 268, 245]
        let ratios = [0.5625, 0.75, 1.0, 1.25, 0.6]
        let width = widths[random.below(widths.count)]
        let ratio = ratios[random.below(ratios.count)]
        let set = RenditionSet(
            id: id, width: width, height: Int((Double(width) * ratio).rounded()),
            frames: 8 + random.below(80), mediaHost: random.below(5),
            pathToken: random.string(40, from: SeededGenerator.alphanumerics),
            cid: "790b7611" + random.string(40, from: SeededGenerator.lowercaseAlphanumerics),
            hash: random.string(32, from: SeededGenerator.hexDigits))
        var renditions = set.all()
        if index % 97 == 50 {
            renditions.removeAll { $0.name != "original" && $0.name != "original_still" }
        }
        if index % 11 == 5 { renditions.removeAll { $0.name == "fixed_width_small" } }
        if index % 17 == 3 { renditions.removeAll { $0.name.hasPrefix("downsized") } }
        if index == Self.emptyRenditionIndex, let still = renditions.firstIndex(where: { $0.name == "fixed_width_still" }) {
            renditions[still] = CatalogRendition(name: "fixed_width_still", width: 0, height: 0, url: "", size: 0)
        }
        return renditions
    }

    /// GIPHY's slugs: the words of what the GIF shows, lowercased and hyphenated, then the id.
    static func slug(title: String, id: String) -> String {
        let words = title.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return (words.map(String.init) + [id]).joined(separator: "-")
    }
}
