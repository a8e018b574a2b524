import CZlib

/// What a test can check of an image without a decoding library: a GIF's size, its frames (each
/// LZW-decoded to its pixel count), whether it loops; a PNG's size, its rows inflated by zlib
/// and its chunks' checksums. Nil when the bytes are not a well-formed image of that kind.
package struct ImageFacts: Equatable {
    package var format: String
    package var width: Int
    package var height: Int
    /// GIF: frames (image descriptors); PNG: 1.
    package var frames: Int
    /// GIF: a NETSCAPE2.0 loop extension is present.
    package var loops: Bool
    /// GIF: every frame's palette indices, decoded; PNG: none.
    package var frameIndices: [[UInt8]]

    package static func read(_ bytes: [UInt8]) -> ImageFacts? {
        if bytes.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        return nil
    }

    private static func gif(_ b: [UInt8]) -> ImageFacts? {
        func u16(_ at: Int) -> Int? { at + 1 < b.count ? Int(b[at]) | Int(b[at + 1]) << 8 : nil }
        guard let width = u16(6), let height = u16(8), b.count > 13 else { return nil }
        var at = 13
        if b[10] & 0x80 != 0 { at += 3 << (Int(b[10] & 7) + 1) }
        var facts = ImageFacts(format: "gif", width: width, height: height, frames: 0, loops: false, frameIndices: [])
        func subBlocks() -> [UInt8]? {
            var data: [UInt8] = []
            while at < b.count {
                let length = Int(b[at]); at += 1
                if length == 0 { return data }
                guard at + length <= b.count else { return nil }
                data += b[at..<at + length]; at += length
            }
            return nil
        }
        while at < b.count {
            switch b[at] {
            case 0x21:
                guard at + 2 < b.count else { return nil }
                let label = b[at + 1]
                at += 2
                guard let data = subBlocks() else { return nil }
                if label == 0xFF, Array(data.prefix(11)) == Array("NETSCAPE2.0".utf8) { facts.loops = true }
            case 0x2C:
                guard let frameWidth = u16(at + 5), let frameHeight = u16(at + 7), at + 10 < b.count else { return nil }
                var local = at + 10
                if b[at + 9] & 0x80 != 0 { local += 3 << (Int(b[at + 9] & 7) + 1) }
                guard local < b.count else { return nil }
                let minimum = Int(b[local])
                at = local + 1
                guard let data = subBlocks(), let indices = lzwDecode(data, minimumCodeSize: minimum),
                      indices.count == frameWidth * frameHeight else { return nil }
                facts.frames += 1
                facts.frameIndices.append(indices)
            case 0x3B:
                return facts
            default:
                return nil
            }
        }
        return nil
    }

    /// GIF's LZW, decoded (the reference the encoder's output is checked against).
    package static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int) -> [UInt8]? {
        guard (2...8).contains(minimumCodeSize) else { return nil }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]] = []
        func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
        reset()
        var codeSize = minimumCodeSize + 1
        var bitPosition = 0
        var output: [UInt8] = []
        var previous: [UInt8]?
        while bitPosition + codeSize <= data.count * 8 {
            var code = 0
            for bit in 0..<codeSize where data[(bitPosition + bit) / 8] & (1 << ((bitPosition + bit) % 8)) != 0 { code |= 1 << bit }
            bitPosition += codeSize
            if code == clear { reset(); codeSize = minimumCodeSize + 1; previous = nil; continue }
            if code == end { return output }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if code == table.count, let previous, let first = previous.first {
                entry = previous + [first]
            } else {
                return nil
            }
            output += entry
            if let previous, table.count < 4096, let first = entry.first {
                table.append(previous + [first])
                if table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = entry
        }
        return nil
    }

    private static func png(_ b: [UInt8]) -> ImageFacts? {
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        var at = 8, width = 0, height = 0
        var compressed: [UInt8] = []
        while at + 12 <= b.count {
            let length = u32(at)
            guard at + 12 + length <= b.count else { return nil }
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            let crcRange = at + 4..<at + 8 + length
            let expected = UInt32(u32(at + 8 + length))
            let actual = b[crcRange].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, UInt32($0.count)) }
                ?? Array(b[crcRange]).withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
            guard UInt32(truncatingIfNeeded: actual) == expected else { return nil }
            let data = Array(b[at + 8..<at + 8 + length])
            if type == "IHDR" { width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7]) }
            if type == "IDAT" { compressed += data }
            if type == "IEND" {
                var size = uLongf(height * (width * 3 + 1))
                var rows = [UInt8](repeating: 0, count: Int(size))
                let status = rows.withUnsafeMutableBufferPointer { out in
                    compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
                }
                guard status == Z_OK, Int(size) == height * (width * 3 + 1) else { return nil }
                return ImageFacts(format: "png", width: width, height: height, frames: 1, loops: false, frameIndices: [])
            }
            at += 12 + length
        }
        return nil
    }
}
