import Model

/// KLIPY's sizes and formats as our renditions: each of ours from one size's GIF (or its jpg
/// still), with that size's mp4 and webp beside it. Only these are read of an item's `file`.
package enum KlipyRenditions {
    /// Our name, KLIPY's size, and whether it is the still (the jpg) rather than the GIF.
    package static let sources: [(name: String, size: String, still: Bool)] = [
        ("preview", "xs", false), ("still", "sm", true), ("fixed_width", "sm", false),
        ("downsized", "md", false), ("original", "hd", false), ("original_still", "hd", true),
    ]

    /// One format of one size, as read: a usable url and a size.
    package struct File: Sendable {
        package var url: String
        package var width: Int
        package var height: Int
        package var bytes: Int?

        package init(url: String, width: Int, height: Int, bytes: Int?) {
            (self.url, self.width, self.height, self.bytes) = (url, width, height, bytes)
        }
    }

    /// Ours from `file(size, format)`, which gives a usable file or nil; a rendition without its
    /// GIF (or jpg) is absent.
    package static func images(_ file: (String, String) -> File?) -> Renditions {
        var images = Renditions()
        for (name, size, still) in sources {
            guard let main = file(size, still ? "jpg" : "gif") else { continue }
            images[name] = Rendition(url: main.url, width: main.width, height: main.height, size: main.bytes,
                                     mp4: still ? nil : file(size, "mp4")?.url, webp: still ? nil : file(size, "webp")?.url)
        }
        return images
    }
}
