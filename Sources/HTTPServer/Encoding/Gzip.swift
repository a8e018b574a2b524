import CZlib

/// gzip (RFC 1952) by zlib, in one call over a whole body. The header carries no time nor name,
/// so equal bodies compress to equal bytes (and equal entity tags).
package enum Gzip {
    /// For bodies kept and sent many times: zlib's default, compressed once.
    package static let keptLevel: Int32 = 6
    /// For a body sent once (an answer not kept): the fastest level, about a third of level 6's
    /// CPU; the default search page is 5.6 KB at level 1, 4.9 KB at level 6 (36 KB as it is).
    package static let onceLevel: Int32 = 1

    /// The gzip form of `input`; nil if zlib fails.
    package static func compress(_ input: [UInt8], level: Int32) -> [UInt8]? {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        // A copy of its own size: kept bodies hold no slack.
        return Array(output[..<min(Int(stream.total_out), output.count)])
    }
}
