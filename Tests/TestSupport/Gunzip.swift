import CZlib

/// Reads a gzip body back (tests check what the server compressed); nil when it is not gzip.
package func gunzip(_ input: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var input = input
    let finished: Bool = input.withUnsafeMutableBufferPointer { source in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        while true {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { target in
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            output += chunk[..<(chunk.count - Int(stream.avail_out))]
            if status == Z_STREAM_END { return stream.avail_in == 0 }
            guard status == Z_OK else { return false }
        }
    }
    return finished ? output : nil
}
