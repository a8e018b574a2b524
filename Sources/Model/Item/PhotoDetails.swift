/// Where a photo was taken, with the parts its provider named.
package struct PhotoLocation: Equatable, Sendable {
    package var name: String?
    package var city: String?
    package var country: String?

    package init(name: String? = nil, city: String? = nil, country: String? = nil) {
        self.name = name
        self.city = city
        self.country = country
    }

    /// False when no part is known: such a location is left out.
    package var hasValue: Bool { [name, city, country].contains { !($0 ?? "").isEmpty } }
}

/// The camera settings a photo was taken with (EXIF), those known. Texts as the provider wrote
/// them ("1/125", "2.8", "50.0").
package struct PhotoCamera: Equatable, Sendable {
    package var make: String?
    package var model: String?
    package var exposureTime: String?
    package var aperture: String?
    package var focalLength: String?
    package var iso: Int?

    package init(make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
                focalLength: String? = nil, iso: Int? = nil) {
        self.make = make
        self.model = model
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    /// False when nothing is known (Unsplash often sends every EXIF field as null).
    package var hasValue: Bool {
        [make, model, exposureTime, aperture, focalLength].contains { !($0 ?? "").isEmpty } || (iso ?? 0) > 0
    }
}
