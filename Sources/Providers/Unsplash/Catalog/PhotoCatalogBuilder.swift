import Foundation
import DemoCatalog

/// Builds the photo catalog from a seed: the same photos on every run.
struct PhotoCatalogBuilder {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let photographers: [CatalogPhotographer] = [
        ("danielstiel", "Daniel Stiel"), ("annaliese", "Anna Liese"), ("kenjiphoto", "Kenji Watanabe"),
        ("m_oreilly", "Maeve O'Reilly"), ("joao.s", "João Silva"), ("zoe_k", "Zoë Kraus"),
        ("lightchaser", "Priya Natarajan"), ("t.nguyen", "Thao Nguyen"), ("olafur", "Ólafur Jónsson"),
        ("samwise", "Sam Carter"), ("lenalens", "Lena Schmidt"), ("ahmedfilms", "Ahmed Khalil"),
    ].map { CatalogPhotographer(username: $0.0, name: $0.1) }

    static let places: [CatalogLocation] = [
        CatalogLocation(name: "Tokyo, Japan", city: nil, country: "Japan"),
        CatalogLocation(name: "Zermatt, Switzerland", city: "Zermatt", country: "Switzerland"),
        CatalogLocation(name: nil, city: "Lisbon", country: "Portugal"),
        CatalogLocation(name: "Banff National Park", city: nil, country: nil),
        CatalogLocation(name: "New York, United States", city: "New York", country: "United States"),
        CatalogLocation(name: nil, city: nil, country: "Iceland"),
    ]

    static let cameras: [CatalogExif] = [
        CatalogExif(make: "Canon", model: "Canon EOS R5", name: "Canon, EOS R5", exposureTime: "1/250", aperture: "2.8", focalLength: "50.0", iso: 100),
        CatalogExif(make: "SONY", model: "ILCE-7M3", name: "SONY, ILCE-7M3", exposureTime: "1/60", aperture: "1.8", focalLength: "35.0", iso: 400),
        CatalogExif(make: "FUJIFILM", model: nil, name: nil, exposureTime: "1/1000", aperture: nil, focalLength: nil, iso: nil),
    ]

    mutating func build() -> [CatalogPhoto] {
        var photos: [CatalogPhoto] = []
        for topic in CatalogTopic.photos {
            for subject in topic.subjects {
                for scene in topic.details {
                    photos.append(photo(topic: topic, alt: "\(subject) \(scene)", index: photos.count))
                }
            }
        }
        return photos
    }

    private mutating func photo(topic: CatalogTopic, alt: String, index: Int) -> CatalogPhoto {
        let id = random.string(11, from: Self.idAlphabet)
        let landscape = random.below(3) != 0
        let long = 3000 + random.below(3000)
        let short = 2000 + random.below(1000)
        let roll = random.below(100)
        let day = 1 + index % 28
        let month = 1 + index % 12
        return CatalogPhoto(
            id: id,
            slug: alt.replacingOccurrences(of: " ", with: "-") + "-" + id,
            createdAt: "20\(16 + index % 9)-\(Self.twoDigits(month))-\(Self.twoDigits(day))T\(Self.twoDigits(index % 24)):\(Self.twoDigits(index % 60)):11Z",
            width: landscape ? long : short,
            height: landscape ? short : long,
            color: "#" + random.string(6, from: SeededGenerator.hexDigits),
            blurHash: "L" + random.string(27, from: Self.blurHashAlphabet),
            description: roll % 2 == 0 ? "\(alt.prefix(1).uppercased())\(alt.dropFirst()), shot by hand" : nil,
            altDescription: alt,
            likes: random.below(2000),
            photographer: Self.photographers[random.below(Self.photographers.count)],
            exif: roll < 25 ? Self.cameras[roll % Self.cameras.count] : nil,
            location: roll % 3 == 0 ? Self.places[random.below(Self.places.count)] : nil,
            topic: topic.name,
            tags: topic.tags,
            ixid: "M3w" + random.string(20, from: SeededGenerator.alphanumerics))
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    static let blurHashAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
}
