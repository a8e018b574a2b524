/// Where a photo was taken, with the parts its provider named.
package struct PhotoLocation: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    package var name: Optional<String>
    package var city: Optional<String>
    package var country: Optional<String>

    package init(name: String? = nil, city: String? = nil, country: String? = nil) {
        self.name = name
        self.city = city
        self.country = country
    }

    /// False when no part is known: such a location is left out.
    package var hasValue: Bool { !(name ?? "").isEmpty || !(city ?? "").isEmpty || !(country ?? "").isEmpty }
}

/// The camera settings a photo was taken with (EXIF), those known. Texts as the provider wrote
/// them ("1/125", "2.8", "50.0").
package struct PhotoCamera: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    package var make: Optional<String>
    package var model: Optional<String>
    package var exposureTime: Optional<String>
    package var aperture: Optional<String>
    package var focalLength: Optional<String>
    package var iso: Optional<Int>

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
        // Field by field: an array of them was made per item written.
        !(make ?? "").isEmpty || !(model ?? "").isEmpty || !(exposureTime ?? "").isEmpty || !(aperture ?? "").isEmpty
            || !(focalLength ?? "").isEmpty || (iso ?? 0) > 0
    }
}
