/// The renditions GIPHY makes of one GIF, with sizes derived from the original's dimensions.
/// Media URLs point at GIPHY's media hosts (made up, never fetched) and carry its query parameters.
struct RenditionSet {
    var id: String
    var width: Int
    var height: Int
    var frames: Int
    var mediaHost: Int
    var pathToken: String
    var cid: String
    var hash: String

    func url(_ file: String) -> String {
        "https://media\(mediaHost).giphy.com/media/v1.\(pathToken)/\(id)/\(file)?cid=\(cid)&ep=v1_gifs_search&rid=\(file)&ct=g"
    }

    /// Every rendition, in GIPHY's order.
    func all() -> [CatalogRendition] {
        let fixedHeight = (scaled(width, by: 200, over: height), 200)
        let fixedHeightSmall = (scaled(width, by: 100, over: height), 100)
        let fixedWidth = (200, scaled(height, by: 200, over: width))
        let fixedWidthSmall = (100, scaled(height, by: 100, over: width))
        let original = (width, height)
        let downsized = gifBytes(original, frames: frames) < 2_000_000 ? original : (width / 2, height / 2)
        let preview = (max(1, width / 3), max(1, height / 3))
        let wide = (480, scaled(height, by: 480, over: width))
        var originalRendition = animated("original", original, "giphy.gif", mp4: "giphy.mp4", webp: "giphy.webp")
        originalRendition.frames = frames
        originalRendition.hash = hash
        return [
            originalRendition,
            still("original_still", original, "giphy_s.gif"),
            mp4Only("original_mp4", original, "giphy.mp4"),
            animated("fixed_height", fixedHeight, "200.gif", mp4: "200.mp4", webp: "200.webp"),
            still("fixed_height_still", fixedHeight, "200_s.gif"),
            animated("fixed_height_downsampled", fixedHeight, "200_d.gif", webp: "200_d.webp", frameShare: 6),
            animated("fixed_height_small", fixedHeightSmall, "100.gif", mp4: "100.mp4", webp: "100.webp"),
            still("fixed_height_small_still", fixedHeightSmall, "100_s.gif"),
            animated("fixed_width", fixedWidth, "200w.gif", mp4: "200w.mp4", webp: "200w.webp"),
            still("fixed_width_still", fixedWidth, "200w_s.gif"),
            animated("fixed_width_downsampled", fixedWidth, "200w_d.gif", webp: "200w_d.webp", frameShare: 6),
            animated("fixed_width_small", fixedWidthSmall, "100w.gif", mp4: "100w.mp4", webp: "100w.webp"),
            still("fixed_width_small_still", fixedWidthSmall, "100w_s.gif"),
            animated("downsized", downsized, "giphy-downsized.gif"),
            still("downsized_still", downsized, "giphy-downsized_s.gif"),
            animated("downsized_large", original, "giphy.gif"),
            animated("downsized_medium", original, "giphy.gif"),
            mp4Only("downsized_small", preview, "giphy-downsized-small.mp4"),
            mp4Only("preview", preview, "giphy-preview.mp4"),
            animated("preview_gif", preview, "giphy-preview.gif", frameShare: 4),
            still("preview_webp", preview, "giphy-preview.webp"),
            CatalogRendition(name: "looping", mp4: url("giphy-loop.mp4"), mp4Size: gifBytes(original, frames: frames * 3) / 8),
            still("480w_still", wide, "480w_s.jpg"),
        ]
    }

    private func animated(_ name: String, _ size: (Int, Int), _ file: String, mp4: String? = nil, webp: String? = nil,
                          frameShare: Int = 1) -> CatalogRendition {
        let bytes = gifBytes(size, frames: max(1, frames / frameShare))
        return CatalogRendition(
            name: name, width: size.0, height: size.1, url: url(file), size: bytes,
            mp4: mp4.map(url), mp4Size: mp4 == nil ? nil : bytes / 8,
            webp: webp.map(url), webpSize: webp == nil ? nil : bytes / 3)
    }

    private func still(_ name: String, _ size: (Int, Int), _ file: String) -> CatalogRendition {
        CatalogRendition(name: name, width: size.0, height: size.1, url: url(file), size: max(1, size.0 * size.1 / 3))
    }

    private func mp4Only(_ name: String, _ size: (Int, Int), _ file: String) -> CatalogRendition {
        CatalogRendition(name: name, width: size.0, height: size.1, mp4: url(file), mp4Size: gifBytes(size, frames: frames) / 8)
    }

    /// Roughly what a GIF of that size and length weighs.
    private func gifBytes(_ size: (Int, Int), frames: Int) -> Int { max(1, size.0 * size.1 * frames / 5) }

    private func scaled(_ value: Int, by target: Int, over side: Int) -> Int {
        max(1, (value * target + side / 2) / max(1, side))
    }
}
