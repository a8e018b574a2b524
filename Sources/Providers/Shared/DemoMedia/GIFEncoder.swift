/// An animated (or still) GIF89a: one global palette, frames that may cover only the part of
/// the picture that changed (each drawn over the last: "do not dispose"), looping forever.
struct GIFEncoder {
    /// One frame: `indices` fill the rectangle at (`left`, `top`) of `width` × `height`.
    struct Frame {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        var indices: [UInt8]
    }

    let width: Int
    let height: Int
    /// At most 256 colours; padded to a power of two of at least 4 entries.
    let palette: [RGB]
    /// Hundredths of a second each frame shows.
    var frameDelay = 10

    func encode(_ frames: [Frame]) -> [UInt8] {
        var bits = 2
        while (1 << bits) < palette.count && bits < 8 { bits += 1 }
        var out: [UInt8] = Array("GIF89a".utf8)
        out.reserveCapacity(width * height / 4 + 1024)
        out.appendLittleEndian(UInt16(width))
        out.appendLittleEndian(UInt16(height))
        // A global colour table of 2^bits entries, 8 bits per primary.
        out += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
        for entry in 0..<(1 << bits) {
            let colour = entry < palette.count ? palette[entry] : RGB(red: 0, green: 0, blue: 0)
            out += [colour.red, colour.green, colour.blue]
        }
        if frames.count > 1 {
            // NETSCAPE2.0: loop forever.
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        }
        var lzw = LZWEncoder(minimumCodeSize: bits)
        for frame in frames {
            // Graphic control: disposal 1 (leave the frame in place), no transparency.
            out += [0x21, 0xF9, 0x04, 0x04]
            out.appendLittleEndian(UInt16(frames.count > 1 ? frameDelay : 0))
            out += [0x00, 0x00]
            out.append(0x2C)
            out.appendLittleEndian(UInt16(frame.left))
            out.appendLittleEndian(UInt16(frame.top))
            out.appendLittleEndian(UInt16(frame.width))
            out.appendLittleEndian(UInt16(frame.height))
            out.append(0x00)
            out.append(UInt8(bits))
            let data = lzw.encode(frame.indices)
            var start = 0
            while start < data.count {
                let end = min(start + 255, data.count)
                out.append(UInt8(end - start))
                out += data[start..<end]
                start = end
            }
            out.append(0x00)
        }
        out.append(0x3B)
        return out
    }
}

extension [UInt8] {
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
