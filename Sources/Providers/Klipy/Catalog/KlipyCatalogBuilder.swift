import DemoCatalog

/// Builds the KLIPY catalog from a seed: GIFs of every topic's subject and action, and a sticker
/// of each subject.
struct KlipyCatalogBuilder {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func build() -> [KlipyCatalogItem] {
        var items: [KlipyCatalogItem] = []
        for topic in CatalogTopic.klipy {
            for subject in topic.subjects {
                for action in topic.details {
                    items.append(item(title: "\(subject) \(action)", topic: topic, kind: .gif, index: items.count))
                }
                items.append(item(title: "\(subject) sticker", topic: topic, kind: .sticker, index: items.count))
            }
        }
        return items
    }

    private mutating func item(title: String, topic: CatalogTopic, kind: KlipyKind, index: Int) -> KlipyCatalogItem {
        // 16 digits, as KLIPY's ids have: past 2^53 some JSON readers lose digits; KLIPY's do not.
        let id = 1_000_000_000_000_000 + random.below(8_000_000_000_000_000)
        let square = kind == .sticker || random.below(3) == 0
        let width = 360 + random.below(140)
        let height = square ? width : width * (9 + random.below(4)) / 16
        let words = title.lowercased().split(separator: " ").map(String.init)
        return KlipyCatalogItem(
            id: id, slug: words.joined(separator: "-") + "-\(100 + random.below(900))", title: title, kind: kind,
            tags: topic.tags, topic: topic.name, width: width, height: height,
            // Every tenth item is for low filters only, every twentieth for none: what a ceiling filters.
            maturity: index % 20 == 7 ? 3 : index % 10 == 3 ? 2 : index % 3 == 1 ? 1 : 0,
            popularity: random.below(100_000))
    }
}

extension CatalogTopic {
    /// What people send as reactions; each yields subjects × details GIFs and a sticker per subject.
    static let klipy: [CatalogTopic] = [
        CatalogTopic(name: "cat", tags: ["cats", "kitty", "pet"], subjects: ["Cat", "Kitten", "Sleepy Cat"], details: ["Waves Hello", "Dances", "Falls Asleep"]),
        CatalogTopic(name: "dog", tags: ["dogs", "puppy", "pet"], subjects: ["Dog", "Puppy", "Corgi"], details: ["Waves Hello", "Runs", "Wags Tail"]),
        CatalogTopic(name: "hello", tags: ["hi", "greeting", "wave"], subjects: ["Hello", "Good Morning", "Hey There"], details: ["Wave", "Sparkle", "Bounce"]),
        CatalogTopic(name: "happy", tags: ["joy", "smile", "celebrate"], subjects: ["Happy Dance", "Party", "High Five"], details: ["Loop", "Confetti", "Cheer"]),
        CatalogTopic(name: "love", tags: ["heart", "hug", "kiss"], subjects: ["Heart", "Hug", "Love You"], details: ["Beats", "Glows", "Pops"]),
        CatalogTopic(name: "sad", tags: ["cry", "tears", "upset"], subjects: ["Crying", "Sad Face", "Rainy Day"], details: ["Sobs", "Sighs", "Looks Down"]),
        CatalogTopic(name: "thanks", tags: ["thank you", "grateful", "bow"], subjects: ["Thank You", "Thanks", "Much Appreciated"], details: ["Bows", "Claps", "Smiles"]),
        CatalogTopic(name: "wow", tags: ["surprised", "shock", "omg"], subjects: ["Wow", "Mind Blown", "Jaw Drop"], details: ["Zooms", "Explodes", "Stares"]),
    ]
}
