import CBrotliDecoder

/// Reads a brotli body back (tests check what the server compressed); nil when it is not brotli.
package func unbrotli(_ input: [UInt8]) -> [UInt8]? {
    guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
    defer { BrotliDecoderDestroyInstance(state) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    return input.withUnsafeBufferPointer { source -> [UInt8]? in
        var availableIn = source.count
        var nextIn = source.baseAddress
        while true {
            var availableOut = chunk.count
            let result = chunk.withUnsafeMutableBufferPointer { target -> BrotliDecoderResult in
                var nextOut = target.baseAddress
                return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
            }
            output += chunk[..<(chunk.count - availableOut)]
            switch result {
            case BROTLI_DECODER_RESULT_SUCCESS: return availableIn == 0 ? output : nil
            case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
            default: return nil
            }
        }
    }
}
