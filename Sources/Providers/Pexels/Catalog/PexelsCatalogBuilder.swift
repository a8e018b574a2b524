import DemoCatalog

/// Builds the Pexels catalog from a seed: the same photos on every run.
struct PexelsCatalogBuilder {
    private var random: SeededGenerator
    private var usedIDs: Set<Int> = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Pexels credits some photos to a source rather than a person ("Pixabay"), as here.
    static let photographers: [PexelsCatalogPhotographer] = [
        (680589, "Joey Farina", "joey"), (2659, "Pixabay", "pixabay"), (1845331, "Lukas Rodriguez", "lukas-rodriguez-1845331"),
        (1378810, "Deden Dicky Ramdhani", "drdeden88"), (558609, "James Wheeler", "souvenirpixels"),
        (105079, "Aleksandar Pasaric", "apasaric"), (9620, "tyler hendy", "tyler-hendy-9620"), (790423, "Simon Clayton", "sglc"),
        (3225217, "Ana Benet", "ana-benet"), (1181292, "Chevanon Photography", "chevanon"),
    ].map { PexelsCatalogPhotographer(id: $0.0, name: $0.1, handle: $0.2) }

    mutating func build() -> [PexelsCatalogPhoto] {
        var photos: [PexelsCatalogPhoto] = []
        for topic in CatalogTopic.photos {
            for subject in topic.subjects {
                for scene in topic.details {
                    photos.append(photo(topic: topic, alt: "\(subject) \(scene)", index: photos.count))
                }
            }
        }
        // The curated list is the editors' order: a shuffle of the catalog, the same every run.
        var ranks = Array(photos.indices)
        ranks.shuffle(using: &random)
        for (index, rank) in ranks.enumerated() { photos[index].curatedRank = rank }
        return photos
    }

    private mutating func photo(topic: CatalogTopic, alt: String, index: Int) -> PexelsCatalogPhoto {
        var id = 1_000_000 + random.below(9_000_000)
        while usedIDs.contains(id) { id = 1_000_000 + random.below(9_000_000) }
        usedIDs.insert(id)
        let landscape = random.below(3) != 0
        let long = 3000 + random.below(3000)
        let short = 2000 + random.below(1000)
        return PexelsCatalogPhoto(
            id: id, width: landscape ? long : short, height: landscape ? short : long,
            // Pexels' alt texts are capitalised; about one photo in eight has none ("").
            alt: index % 8 == 5 ? "" : alt.prefix(1).uppercased() + alt.dropFirst(),
            photographer: Self.photographers[random.below(Self.photographers.count)],
            averageColor: "#" + random.string(6, from: Self.upperHexDigits), topic: topic.name, tags: topic.tags, curatedRank: 0)
    }

    static let upperHexDigits = Array("0123456789ABCDEF")
}
