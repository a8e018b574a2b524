/// Where a photo was taken, with the parts its provider named.
public struct PhotoLocation: Equatable, Sendable {
    public var name: String?
    public var city: String?
    public var country: String?

    public init(name: String? = nil, city: String? = nil, country: String? = nil) {
        self.name = name
        self.city = city
        self.country = country
    }

    /// False when no part is known: such a location is left out.
    public var hasValue: Bool { [name, city, country].contains { !($0 ?? "").isEmpty } }
}

/// The camera settings a photo was taken with (EXIF), those known. Texts as the provider wrote
/// them ("1/125", "2.8", "50.0").
public struct PhotoCamera: Equatable, Sendable {
    public var make: String?
    public var model: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?

    public init(make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
                focalLength: String? = nil, iso: Int? = nil) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    /// False when nothing is known (Unsplash often sends every EXIF field as null).
    public var hasValue: Bool {
        [make, model, exposureTime, aperture, focalLength].contains { !($0 ?? "").isEmpty } || (iso ?? 0) > 0
    }
}
