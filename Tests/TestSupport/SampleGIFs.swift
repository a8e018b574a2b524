import GifService

/// A GIF with every field a test needs, its URLs made from its id.
public func makeGIF(_ id: String, title: String? = nil, shareURL: String? = nil) -> GIF {
    GIF(
        id: id, title: title ?? "GIF \(id)", rating: "g", url: "https://giphy.com/gifs/\(id)", shareURL: shareURL,
        images: ["original": Rendition(url: "https://media.giphy.com/media/\(id)/giphy.gif", width: 480, height: 270)]
    )
}
