/// What one demo image shows, all it takes to draw it again to the byte: the same recipe always
/// gives the same bytes (the cache's key, and what an ETag stands for).
package enum DemoPicture: Hashable, Sendable {
    /// An animated GIF: a gradient, a shape and a ball going round, in colours of the item's own.
    case animation(seed: UInt64, width: Int, height: Int)
    /// The first frame of `animation` alone: a GIF's still.
    case still(seed: UInt64, width: Int, height: Int)
    /// A photo: a PNG drawn from the photo's colour (`#rrggbb`), as its blur hash would show it.
    case photo(seed: UInt64, color: String, width: Int, height: Int)
    /// A face-less avatar: a disc on a tint of the user's own; a GIF or a PNG.
    case avatar(seed: UInt64, width: Int, height: Int, png: Bool)

    /// Frames of an animation: enough to move (at least 4, as the issue asks), few enough to stay small.
    static let frameCount = 8

    package var contentType: String {
        switch self {
        case .animation, .still: "image/gif"
        case .photo: "image/png"
        case .avatar(_, _, _, let png): png ? "image/png" : "image/gif"
        }
    }

    /// Width × height, for the bounds a catalog checks before anything is drawn.
    package var pixels: Int {
        switch self {
        case .animation(_, let width, let height), .still(_, let width, let height),
             .photo(_, _, let width, let height), .avatar(_, let width, let height, _):
            width * height
        }
    }

    /// A stable seed for a text (an id, a user name): FNV-1a, the same on every machine and run.
    package static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
