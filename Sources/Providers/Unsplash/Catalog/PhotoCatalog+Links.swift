/// The links Unsplash writes for a photo, one rule each, for the fake's JSON and the demo's items.
extension PhotoCatalog {
    /// The photo's raw url, as `urls.raw` has it; the sized ones add Unsplash's parameters.
    package func rawURL(of photo: CatalogPhoto) -> String {
        let query = "ixid=\(photo.ixid)&ixlib=rb-4.0.3"
        if let demoMediaBase { return "\(demoMediaBase)/unsplash/\(photo.id)/photo?\(query)" }
        return "https://images.unsplash.com/photo-\(photo.id)?\(query)"
    }

    /// `urls` in Unsplash's order: `raw`, then the sized ones (`full`, `regular`, `small`, `thumb`).
    package func urls(of photo: CatalogPhoto) -> [(name: String, url: String)] {
        let raw = rawURL(of: photo)
        return [("raw", raw)] + Self.sizedURLParameters.map { ($0.name, raw + $0.parameters) }
    }

    /// What each sized url adds to the raw one.
    static let sizedURLParameters: [(name: String, parameters: String)] = [
        ("full", "&q=85&fm=jpg&crop=entropy&cs=srgb"), ("regular", "&q=80&w=1080&fit=max"),
        ("small", "&q=80&w=400&fit=max"), ("thumb", "&q=80&w=200&fit=max"),
    ]

    /// A photographer's `profile_image` urls in Unsplash's order: `small` (32 px), `medium` (64), `large` (128).
    package func profileImages(of username: String) -> [(name: String, url: String)] {
        let base = demoMediaBase.map { "\($0)/unsplash/\(username)/profile" } ?? "https://images.unsplash.com/profile-\(username)"
        return [("small", 32), ("medium", 64), ("large", 128)].map { name, side in
            (name, "\(base)?ixlib=rb-4.0.3&crop=faces&fit=crop&w=\(side)&h=\(side)")
        }
    }

    /// The download link the download is tracked through (`links.download_location`), on the API host `apiBase`.
    package static func downloadLocation(of photo: CatalogPhoto, apiBase: String) -> String {
        "\(apiBase)/photos/\(photo.id)/download?ixid=\(photo.ixid)"
    }
}

extension CatalogPhoto {
    /// The photo's page (`links.html`).
    package var pageURL: String { "https://unsplash.com/photos/\(slug)" }
}

extension CatalogPhotographer {
    /// The photographer's page (`user.links.html`).
    package var profileURL: String { "https://unsplash.com/@\(username)" }
}
