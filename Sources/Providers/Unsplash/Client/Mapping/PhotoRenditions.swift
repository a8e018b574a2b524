import JSON
import Model
import ProviderHTTP

/// Unsplash's five sized urls as our renditions. Unsplash gives only the original's size; its
/// sized urls (`w=200`, `w=400`, `w=1080`, `fit=max`) keep the aspect ratio and never upscale,
/// so each rendition's size is computed from the original's.
package enum PhotoRenditions {
    /// Our rendition names (the same as Unsplash's) and their widths; nil for the original's.
    static let widths: [(name: StaticString, width: Int?)] = [
        ("thumb", 200), ("small", 400), ("regular", 1080), ("full", nil), ("raw", nil),
    ]

    /// Renditions for the urls `url` gives by name (usable ones, unchanged). Without the
    /// original's size none can be sized, so there are none.
    package static func images(width: Int?, height: Int?, url: (String) -> String?) -> Renditions {
        images(width: width, height: height, byPlace: { url(widths[$0].name.description) })
    }

    /// The same for Unsplash's `urls` object, its members read in one pass: the first of each
    /// name (as a lookup by name finds it), its link made only once the photo has a size.
    static func images(_ urls: JSONView?, width: Int?, height: Int?) -> Renditions {
        guard let urls, urls.isObject, width != nil, height != nil else { return [:] }
        // The first member of each name, in place of its name in `widths` (on the stack).
        return withUnsafeTemporaryAllocation(of: JSONView?.self, capacity: widths.count) { found in
            found.initialize(repeating: nil)
            urls.forEachMember { key, value in
                for (place, rendition) in widths.enumerated() where rendition.name ~= key {
                    keepFirst(&found[place], value)
                    return
                }
            }
            // Each link's bytes appended to one buffer sized for them all (as sent: exact for
            // visible ASCII), no String made per link.
            let linkBytes = widths.indices.reduce(0) { $0 + (found[$1]?.withVisibleASCIIBytes { $0.count } ?? 0) }
            return images(width: width, height: height, linkBytes: linkBytes) { place, links in
                _ = found[place]?.withWebLinkBytes { links.url($0, isValidUTF8: $1) }
            }
        }
    }

    /// The places in `widths` sorted by name: set in this order, each rendition is appended to
    /// `Renditions`, none moved.
    private static let placesByName: [Int] = widths.indices.sorted { widths[$0].name.description < widths[$1].name.description }

    /// The renditions with a url, each known by its place in `widths`.
    private static func images(width: Int?, height: Int?, byPlace url: (Int) -> String?) -> Renditions {
        images(width: width, height: height, linkBytes: 0) { place, links in
            guard var url = url(place) else { return }
            url.withUTF8 { links.url(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The renditions whose url `link` appends, each known by its place in `widths`.
    private static func images(width: Int?, height: Int?, linkBytes: Int,
                               link: (Int, inout RenditionLinks) -> Void) -> Renditions {
        guard let width, let height else { return [:] }
        var images = Renditions(minimumCapacity: widths.count, linkBytes: linkBytes)
        for place in placesByName {
            let (name, target) = widths[place]
            let size = Unsplash.renditionSize(width: width, height: height, at: target)
            images.append(name: name.description, width: size.width, height: size.height, size: nil) { link(place, &$0) }
        }
        return images
    }
}
