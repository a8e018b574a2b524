/// The links of a rendition being added to `Renditions` (`append(name:width:height:size:links:)`),
/// each appended as bytes to the renditions' one buffer: no String made per link. A rendition
/// without a url is not added. Bytes that are not valid UTF-8 are repaired as a String repairs
/// them (U+FFFD), so the buffer reads back as the Strings it stands for.
package struct RenditionLinks {
    var bytes: [UInt8]
    private(set) var url: Optional<Range<Int>> = nil
    private(set) var mp4: Optional<Range<Int>> = nil
    private(set) var webp: Optional<Range<Int>> = nil

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The rendition's url (the one it cannot be without); a second call leaves the first.
    /// `isValidUTF8`: the caller knows the bytes are (the JSON reader found them visible ASCII, or
    /// they are a String's), so they are not checked again; else they are, and repaired if need be.
    package mutating func url(_ link: UnsafeRawBufferPointer, isValidUTF8: Bool = false) {
        if url == nil { url = append(link, isValidUTF8: isValidUTF8) }
    }
    /// Its video (mp4) and animated WebP links, when it has them; a second call leaves the first.
    package mutating func mp4(_ link: UnsafeRawBufferPointer, isValidUTF8: Bool = false) {
        if mp4 == nil { mp4 = append(link, isValidUTF8: isValidUTF8) }
    }
    package mutating func webp(_ link: UnsafeRawBufferPointer, isValidUTF8: Bool = false) {
        if webp == nil { webp = append(link, isValidUTF8: isValidUTF8) }
    }

    private mutating func append(_ link: UnsafeRawBufferPointer, isValidUTF8: Bool) -> Range<Int> {
        let start = bytes.count
        if isValidUTF8 || Self.isASCII(link) {
            bytes.append(contentsOf: link)
        } else {
            // Rare (a link with non-ASCII bytes): through a String, which validates and repairs.
            bytes.append(contentsOf: String(decoding: link, as: UTF8.self).utf8)
        }
        return start..<bytes.count
    }

    /// Eight bytes at a time: media links are long, and all but a few are ASCII.
    private static func isASCII(_ link: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 8 <= link.count {
            if link.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        return !link[index...].contains { $0 >= 0x80 }
    }
}

/// A rendition read in place (`Renditions.forEachInPlace`): its numbers, and its links as the
/// UTF-8 bytes kept, lent for the call only.
package struct RenditionBytes {
    package let width: Int
    package let height: Int
    package let size: Optional<Int>
    package let url: UnsafeRawBufferPointer
    package let mp4: Optional<UnsafeRawBufferPointer>
    package let webp: Optional<UnsafeRawBufferPointer>

    /// Also for a `Rendition`'s own Strings' bytes, lent likewise (its writer writes them through here).
    package init(width: Int, height: Int, size: Int?, url: UnsafeRawBufferPointer, mp4: UnsafeRawBufferPointer?,
                 webp: UnsafeRawBufferPointer?) {
        (self.width, self.height, self.size, self.url, self.mp4, self.webp) = (width, height, size, url, mp4, webp)
    }
}
