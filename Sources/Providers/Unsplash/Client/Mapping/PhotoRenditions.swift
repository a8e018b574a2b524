import JSON
import Model
import ProviderHTTP

/// Unsplash's five sized urls as our renditions. Unsplash gives only the original's size; its
/// sized urls (`w=200`, `w=400`, `w=1080`, `fit=max`) keep the aspect ratio and never upscale,
/// so each rendition's size is computed from the original's.
package enum PhotoRenditions {
    /// Our rendition names (the same as Unsplash's) and their widths; nil for the original's.
    static let widths: [(name: String, width: Int?)] = [
        ("thumb", 200), ("small", 400), ("regular", 1080), ("full", nil), ("raw", nil),
    ]

    /// Renditions for the urls `url` gives by name (usable ones, unchanged). Without the
    /// original's size none can be sized, so there are none.
    package static func images(width: Int?, height: Int?, url: (String) -> String?) -> [String: Rendition] {
        guard let width, let height else { return [:] }
        var images: [String: Rendition] = [:]
        for (name, target) in widths {
            guard let url = url(name) else { continue }
            let size = Unsplash.renditionSize(width: width, height: height, at: target)
            images[name] = Rendition(url: url, width: size.width, height: size.height)
        }
        return images
    }
}
