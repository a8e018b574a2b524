import Foundation

/// One image file of an item, with its size in pixels.
public struct Rendition: Sendable, Hashable {
    /// Its name among the item's renditions (`fixed_width`, `small`, …).
    public let name: String
    public let url: URL
    public let width: Int
    public let height: Int
    /// Bytes of the file, when gif-bff knows (GIPHY's full form).
    public let byteCount: Int?
    /// The same animation as MP4 or WebP, when GIPHY has it: smaller and smoother than the GIF.
    public let mp4URL: URL?
    public let webpURL: URL?

    /// GIPHY's still frames (`still`, `original_still`, …); photos are still anyway.
    public var isStill: Bool { name.contains("still") }
}

/// Who made the item.
public struct Author: Sendable, Hashable {
    /// The name to show: the display name, else the username.
    public let name: String
    public let username: String?
    public let avatarURL: URL?
    /// Their page on the provider's site.
    public let profileURL: URL?
}

/// What the provider's terms ask an app to show: "Powered by GIPHY", or "Photo by NAME on
/// Unsplash" with links to the author and to Unsplash (carrying the app's referral parameters).
public struct Attribution: Sendable, Hashable {
    public let text: String
    public let authorURL: URL?
    public let providerURL: URL?
}

/// Where a photo was taken, the parts Unsplash names.
public struct PhotoLocation: Sendable, Hashable {
    public let name: String?
    public let city: String?
    public let country: String?

    /// "Zermatt, Switzerland": the name, else the city and country; nil when none is known.
    public var displayName: String? {
        if let name, !name.isEmpty { return name }
        let parts = [city, country].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// The camera a photo was taken with, and its settings (EXIF), as Unsplash writes them.
public struct PhotoCamera: Sendable, Hashable {
    public let make: String?
    public let model: String?
    /// "1/250" (seconds).
    public let exposureTime: String?
    /// "2.8" (the f-number).
    public let aperture: String?
    /// "50.0" (millimetres).
    public let focalLength: String?
    public let iso: Int?

    /// "Canon EOS R5": the model, after the make unless the model already names it.
    public var displayName: String? {
        switch (make, model) {
        case let (make?, model?) where model.lowercased().hasPrefix(make.lowercased()): return model
        case let (make?, model?): return "\(make) \(model)"
        case let (make, model): return model ?? make
        }
    }
}
