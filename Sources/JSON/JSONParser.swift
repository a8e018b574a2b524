import ASCII

/// Reads JSON text (RFC 8259) into `JSONDocument`'s flat list of nodes in one pass, with no
/// recursion (nesting is bounded by `maxDepth`, not by the thread's stack) and no string made:
/// a string node is the byte range between its quotes, decoded only when a mapping reads it.
/// UTF-8 is not checked here; reading a string repairs what is invalid (as `String(decoding:)` does).
struct JSONParser {
    static let maxDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// Where the nodes are written, `count` of them so far: an array's storage reserved once, and
    /// past its end memory of the parser's own (`grow`). Array's `append` checked the array's
    /// uniqueness and capacity for every node, a call and some thirty instructions each.
    private var nodes: UnsafeMutableBufferPointer<JSONNode>
    private var count = 0
    private var ownsNodes = false

    private init(_ bytes: UnsafeRawBufferPointer, into nodes: UnsafeMutableBufferPointer<JSONNode>) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The nodes of `bytes`, or why they are not JSON.
    static func nodes(of bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> [JSONNode] {
        var failure: JSONSyntaxError?
        var grown: [JSONNode]?
        // About one node per 16 bytes in GIPHY's and Unsplash's pages: one allocation, rarely two.
        let reserved = [JSONNode](unsafeUninitializedCapacity: bytes.count / 16 + 8) { storage, initialized in
            var parser = JSONParser(bytes, into: storage)
            defer { if parser.ownsNodes { parser.nodes.deallocate() } }
            do throws(JSONSyntaxError) {
                try parser.parse()
            } catch {
                failure = error
                return
            }
            if parser.ownsNodes {
                grown = Array(parser.nodes[..<parser.count])
            } else {
                initialized = parser.count
            }
        }
        if let failure { throw failure }
        return grown ?? reserved
    }

    private mutating func append(_ node: JSONNode) {
        if count == nodes.count { grow() }
        nodes[count] = node
        count += 1
    }

    /// Past the reserved storage (a page with more, smaller values than GIPHY's): twice as much.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<JSONNode>.allocate(capacity: max(16, nodes.count * 2))
        _ = larger.moveInitialize(fromContentsOf: nodes[..<count])
        if ownsNodes { nodes.deallocate() }
        nodes = larger
        ownsNodes = true
    }

    private mutating func parse() throws(JSONSyntaxError) {
        guard bytes.count < Int(UInt32.max) else { throw JSONSyntaxError("the text is too long", at: 0) }
        // A UTF-8 byte order mark is allowed before the value.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        // Node indices of the arrays and objects still open, innermost last.
        var open: [Int] = []
        nextValue: while true {
            skipWhitespace()
            guard position < bytes.count else { throw JSONSyntaxError("a value is missing", at: position) }
            let byte = bytes[position]
            switch byte {
            case Byte.openBrace, Byte.openBracket:
                guard open.count < Self.maxDepth else { throw JSONSyntaxError("nested too deeply", at: position) }
                let isObject = byte == Byte.openBrace
                open.append(count)
                append(JSONNode(kind: isObject ? .object : .array, flag: false, visibleASCII: false, start: UInt32(position), end: 0))
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    position += 1
                    nodes[open.removeLast()].end = UInt32(count)
                } else {
                    if isObject { try memberKey() }
                    continue nextValue
                }
            case Byte.quote:
                try string(findingVisibleASCII: true)
            case Byte.minus, Byte.zero...Byte.nine:
                try number()
            case UInt8(ascii: "t"):
                try literal("true", .true)
            case UInt8(ascii: "f"):
                try literal("false", .false)
            case UInt8(ascii: "n"):
                try literal("null", .null)
            default:
                throw JSONSyntaxError("not a value", at: position)
            }
            // After a value: the next element or member, or the end of its container (and maybe of theirs).
            while let container = open.last {
                skipWhitespace()
                guard position < bytes.count else { throw JSONSyntaxError("an array or object is not closed", at: position) }
                let next = bytes[position]
                position += 1
                let isObject = nodes[container].kind == .object
                if next == Byte.comma {
                    if isObject { try memberKey() }
                    continue nextValue
                }
                guard next == (isObject ? Byte.closeBrace : Byte.closeBracket) else {
                    throw JSONSyntaxError("expected a comma or the end of an array or object", at: position - 1)
                }
                nodes[container].end = UInt32(count)
                open.removeLast()
            }
            break
        }
        skipWhitespace()
        guard position == bytes.count else { throw JSONSyntaxError("more text after the value", at: position) }
    }

    // MARK: - Pieces

    /// A member's key and its colon; the value follows.
    private mutating func memberKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == Byte.quote else { throw JSONSyntaxError("expected a key", at: position) }
        try string(findingVisibleASCII: false)
        skipWhitespace()
        guard position < bytes.count, bytes[position] == Byte.colon else { throw JSONSyntaxError("expected a colon", at: position) }
        position += 1
    }

    /// A string from its opening quote: escapes are checked, not decoded. The node records whether
    /// the string has an escape, and whether every byte is visible ASCII (0x21...0x7E, no escape):
    /// such a string needs no trimming, no UTF-8 repair and no link's space check (`JSONView.withVisibleASCIIBytes`).
    /// A key's is not found (`findingVisibleASCII` false, its node says false): keys are matched
    /// by their bytes, and half of a page's strings are keys. Inlined into both callers, so that
    /// each is compiled for its own case.
    @inline(__always)
    private mutating func string(findingVisibleASCII: Bool) throws(JSONSyntaxError) {
        let start = position + 1
        var index = start
        var escaped = false
        // Lanes that have held a byte that is not visible ASCII, in the blocks read so far.
        var invisible = SIMDMask<SIMD16<Int8>>(repeating: false)
        while true {
            // Sixteen bytes a step (one compare of each kind for all of them) while none is a
            // quote, a backslash or a control character: most of a page is long URLs with none,
            // and most keys and short values end within their first block.
            while index + 16 <= bytes.count {
                let block = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let stops = block .== Self.quotes .| block .== Self.backslashes .| block .< Self.spaces
                let stopWords = ByteBlock.words(stops)
                if stopWords.0 | stopWords.1 == 0 {
                    if findingVisibleASCII { invisible .|= block .<= Self.spaces .| block .>= Self.deletes }
                    index += 16
                    continue
                }
                let first = stopWords.0 != 0 ? stopWords.0.trailingZeroBitCount >> 3 : 8 + stopWords.1.trailingZeroBitCount >> 3
                if findingVisibleASCII {
                    let outside = block .<= Self.spaces .| block .>= Self.deletes
                    invisible .|= outside .& (Self.laneNumbers .< SIMD16(repeating: UInt8(truncatingIfNeeded: first)))
                }
                index += first
                break
            }
            // At a stop byte, or within the text's last sixteen bytes: one byte at a time.
            guard index < bytes.count else { throw JSONSyntaxError("a string is not closed", at: start - 1) }
            let byte = bytes[index]
            if byte == Byte.quote { break }
            if byte == Byte.backslash {
                escaped = true
                index = try escapeEnd(at: index)
            } else if byte < 0x20 {
                throw JSONSyntaxError("a control character in a string", at: index)
            } else {
                if byte == 0x20 || byte >= 0x7F { invisible = SIMDMask(repeating: true) }
                index += 1
            }
        }
        let invisibleWords = ByteBlock.words(invisible)
        let visibleASCII = findingVisibleASCII && !escaped && invisibleWords.0 | invisibleWords.1 == 0
        append(JSONNode(kind: .string, flag: escaped, visibleASCII: visibleASCII, start: UInt32(start), end: UInt32(index)))
        position = index + 1
    }

    // Each byte of a block compared at once: with a scalar, each lane was compared on its own.
    private static var quotes: SIMD16<UInt8> { SIMD16(repeating: Byte.quote) }
    private static var backslashes: SIMD16<UInt8> { SIMD16(repeating: Byte.backslash) }
    private static var spaces: SIMD16<UInt8> { SIMD16(repeating: 0x20) }
    private static var deletes: SIMD16<UInt8> { SIMD16(repeating: 0x7F) }
    private static var laneNumbers: SIMD16<UInt8> { SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }

    /// Where the escape at `index` (a backslash) ends; throws for one JSON does not have.
    private func escapeEnd(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < bytes.count else { throw JSONSyntaxError("a string is not closed", at: index) }
        switch bytes[index + 1] {
        case Byte.quote, Byte.backslash, Byte.slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
             UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            guard index + 6 <= bytes.count, (index + 2..<index + 6).allSatisfy({ ASCIIByte.hexValue(bytes[$0]) != nil }) else {
                throw JSONSyntaxError("a \\u escape without four hex digits", at: index)
            }
            return index + 6
        default:
            throw JSONSyntaxError("not an escape JSON has", at: index)
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; the flag says it has a fraction or exponent.
    private mutating func number() throws(JSONSyntaxError) {
        let start = position
        var index = position
        if bytes[index] == Byte.minus { index += 1 }
        guard index < bytes.count, Byte.isDigit(bytes[index]) else { throw JSONSyntaxError("not a number", at: start) }
        if bytes[index] == Byte.zero {
            index += 1
        } else {
            index = digitsEnd(from: index)
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            guard index + 1 < bytes.count, Byte.isDigit(bytes[index + 1]) else { throw JSONSyntaxError("not a number", at: start) }
            index = digitsEnd(from: index + 1)
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard index < bytes.count, Byte.isDigit(bytes[index]) else { throw JSONSyntaxError("not a number", at: start) }
            index = digitsEnd(from: index)
        }
        append(JSONNode(kind: .number, flag: !isInteger, visibleASCII: false, start: UInt32(start), end: UInt32(index)))
        position = index
    }

    private func digitsEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Byte.isDigit(bytes[index]) { index += 1 }
        return index
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONNode.Kind) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count,
              (0..<length).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else {
            throw JSONSyntaxError("not a value", at: position)
        }
        append(JSONNode(kind: kind, flag: false, visibleASCII: false, start: UInt32(position), end: UInt32(position + length)))
        position += length
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

}

/// Why a body is not JSON, for the log (the client's error says only "not JSON").
package struct JSONSyntaxError: Error, CustomStringConvertible {
    package let reason: String
    package let offset: Int

    init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var description: String { "\(reason) at byte \(offset)" }
}

/// The bytes JSON's grammar names.
enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

}
