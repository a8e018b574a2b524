/// GIF's variant of LZW (GIF89a, appendix F): codes of growing width, least significant bit
/// first, a clear code when the 4096-entry table is full. The table is an open-addressing hash of
/// (prefix code, next index) pairs, so one frame costs one pass over its pixels.
struct LZWEncoder {
    private static let maxCodes = 4096
    private static let tableSize = 8192  // a power of two, twice the codes: short probes

    let minimumCodeSize: Int
    private var keys = [Int32](repeating: -1, count: LZWEncoder.tableSize)
    private var codes = [UInt16](repeating: 0, count: LZWEncoder.tableSize)

    /// `minimumCodeSize` 2...8: the bits an index needs (at least 2, as GIF requires).
    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
    }

    /// The code stream of `indices` (each below 2^minimumCodeSize), packed into bytes.
    mutating func encode(_ indices: [UInt8]) -> [UInt8] {
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var output = BitPacker(capacity: indices.count / 2 + 16)
        var codeSize = minimumCodeSize + 1
        var nextCode = clearCode + 2
        resetTable()
        output.write(clearCode, bits: codeSize)
        guard var prefix = indices.first.map(Int.init) else {
            output.write(endCode, bits: codeSize)
            return output.finish()
        }
        for index in indices.dropFirst() {
            let key = Int32(prefix << 8 | Int(index))
            var slot = Int(truncatingIfNeeded: UInt32(bitPattern: key) &* 2_654_435_761) & (Self.tableSize - 1)
            while keys[slot] != -1 && keys[slot] != key { slot = (slot + 1) & (Self.tableSize - 1) }
            if keys[slot] == key {
                prefix = Int(codes[slot])
                continue
            }
            output.write(prefix, bits: codeSize)
            prefix = Int(index)
            if nextCode < Self.maxCodes {
                keys[slot] = key
                codes[slot] = UInt16(nextCode)
                // The decoder widens its codes once the next one it would add needs another bit.
                if nextCode == 1 << codeSize { codeSize += 1 }
                nextCode += 1
            } else {
                output.write(clearCode, bits: codeSize)
                resetTable()
                codeSize = minimumCodeSize + 1
                nextCode = clearCode + 2
            }
        }
        output.write(prefix, bits: codeSize)
        output.write(endCode, bits: codeSize)
        return output.finish()
    }

    private mutating func resetTable() {
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
    }
}

/// Codes into bytes, least significant bit first.
private struct BitPacker {
    private var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingBits = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func write(_ code: Int, bits: Int) {
        pending |= UInt32(code) << UInt32(pendingBits)
        pendingBits += bits
        while pendingBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingBits -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if pendingBits > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
        return bytes
    }
}
