import CZlib

/// A truecolour PNG (8 bits per primary, no alpha) written row by row: each row is filtered
/// against the one above ("Up", so a picture of smooth rows costs almost nothing) and deflated
/// by zlib as it comes, so memory stays at two rows and the compressed output whatever the size.
struct PNGEncoder {
    enum Failure: Error, Equatable { case deflate(Int32) }

    let width: Int
    let height: Int
    /// zlib's level: 1 is fast and, on smooth pictures, nearly as small as 9.
    var level: Int32 = 1

    /// `row(y, into:)` fills `3 × width` bytes (red, green, blue) of row `y`.
    func encode(row: (Int, inout [UInt8]) -> Void) throws(Failure) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        Self.chunk("IHDR", header, into: &out)
        Self.chunk("IDAT", try deflatedRows(row), into: &out)
        Self.chunk("IEND", [], into: &out)
        return out
    }

    private func deflatedRows(_ fill: (Int, inout [UInt8]) -> Void) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        let started = shim_deflate_init(&stream, level)
        guard started == Z_OK else { throw .deflate(started) }
        defer { deflateEnd(&stream) }
        let rowBytes = width * 3
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 2, count: rowBytes + 1)  // filter type 2: Up
        var compressed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        for y in 0..<height {
            fill(y, &current)
            for x in 0..<rowBytes { filtered[x + 1] = current[x] &- previous[x] }
            try deflate(&stream, filtered, finish: y == height - 1, buffer: &buffer, into: &compressed)
            swap(&previous, &current)
        }
        return compressed
    }

    private func deflate(_ stream: inout z_stream, _ input: [UInt8], finish: Bool, buffer: inout [UInt8],
                         into output: inout [UInt8]) throws(Failure) {
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            repeat {
                buffer.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    output += target[0..<(target.count - Int(stream.avail_out))]
                }
            } while (status == Z_OK && stream.avail_out == 0) || (finish && status == Z_OK)
            stream.next_in = nil
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw .deflate(status) }
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
