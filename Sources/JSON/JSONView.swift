import ASCII
import Foundation

/// A value of a document read in place, while `JSONDocument.withView` (or `JSONValue.withView`)
/// lends the document's bytes and nodes. Unlike a `JSONValue` it holds no reference: a GIPHY page's
/// mapping made and copied values by the thousand, each copy a retain and a release of the
/// document. An object's members are read in one pass (`forEachMember`) where looking each field
/// up scanned the keys before it again. A view must not outlive the closure it was lent to. It
/// reads as leniently as `JSONValue`, which reads through it.
package struct JSONView {
    let bytes: UnsafeRawBufferPointer
    let nodes: UnsafeBufferPointer<JSONNode>
    let index: Int

    private var node: JSONNode { nodes[index] }

    package var isObject: Bool { node.kind == .object }
    package var isArray: Bool { node.kind == .array }
    package var isNull: Bool { node.kind == .null }

    /// The index of the node after this value and everything inside it.
    var nextIndex: Int {
        let node = node
        return node.isContainer ? Int(node.end) : index + 1
    }

    private func view(at index: Int) -> JSONView { JSONView(bytes: bytes, nodes: nodes, index: index) }

    private func slice(_ node: JSONNode) -> UnsafeRawBufferPointer { JSONDocument.slice(of: node, in: bytes) }

    // MARK: - Objects and arrays

    /// `body` with each member of an object in order: its key (escapes decoded) and its value;
    /// never called when this is not an object. A key may repeat: the reader decides which counts
    /// (the first, for `member(named:)` and every mapping).
    package func forEachMember(_ body: (JSONKey, JSONView) -> Void) {
        let object = node
        guard object.kind == .object else { return }
        let end = Int(object.end)
        var key = index + 1
        while key + 1 < end {
            let keyNode = nodes[key]
            let value = view(at: key + 1)
            if keyNode.flag {
                var text = JSONDocument.unescaped(slice(keyNode))
                text.withUTF8 { body(JSONKey(bytes: UnsafeRawBufferPointer($0)), value) }
            } else {
                body(JSONKey(bytes: slice(keyNode)), value)
            }
            key = value.nextIndex
        }
    }

    /// The value of the member named `key` (the first, if the key repeats); nil when absent, or
    /// when this is not an object.
    package subscript(key: StaticString) -> JSONView? {
        key.withUTF8Buffer { member(named: UnsafeRawBufferPointer($0)) }
    }

    /// The same for a key given as UTF-8 bytes: keys are compared by length, then by memcmp.
    func member(named wanted: UnsafeRawBufferPointer) -> JSONView? {
        let object = node
        guard object.kind == .object else { return nil }
        let end = Int(object.end)
        var key = index + 1
        while key + 1 < end {
            let keyNode = nodes[key]
            let matches = keyNode.flag ? JSONDocument.unescaped(slice(keyNode)).utf8.elementsEqual(wanted)
                : JSONKey(bytes: slice(keyNode)).hasBytes(wanted)
            if matches { return view(at: key + 1) }
            key = view(at: key + 1).nextIndex
        }
        return nil
    }

    /// An array's elements, in order; none when this is not an array.
    package var elements: Elements { Elements(array: self) }

    /// The elements of an array, visited in place (no list of them is made).
    package struct Elements: Sequence, IteratorProtocol {
        private var upcoming: JSONView
        private let end: Int

        init(array: JSONView) {
            let node = array.nodes[array.index]
            upcoming = array.view(at: array.index + 1)
            end = node.kind == .array ? Int(node.end) : array.index + 1
        }

        package mutating func next() -> JSONView? {
            guard upcoming.index < end else { return nil }
            let element = upcoming
            upcoming = element.view(at: element.nextIndex)
            return element
        }

        /// How many elements are left, stepped over (none read): room for what is made of them at once.
        package var count: Int {
            var rest = self
            var count = 0
            while rest.next() != nil { count += 1 }
            return count
        }
    }

    // MARK: - Scalars

    /// `body` given a string's bytes as sent, read in place (no String made), when the string has
    /// no escape (nearly every one an upstream sends); nil for anything else, an escaped string
    /// included (its text is `string`).
    package func withUnescapedBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let node = node
        guard node.kind == .string, !node.flag else { return nil }
        return body(slice(node))
    }

    /// `body` given a string's bytes in place when every one is visible ASCII (0x21...0x7E) and it
    /// has no escape, as the parser found while reading it (most ids and links): such bytes are
    /// their own trimmed text and valid UTF-8, and hold no space or control character. Nil for
    /// anything else, an empty string included.
    package func withVisibleASCIIBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let node = node
        guard node.kind == .string, node.visibleASCII, node.end > node.start else { return nil }
        return body(slice(node))
    }

    /// A string's text, escapes decoded and invalid UTF-8 repaired; nil for anything else (a number included).
    package var string: String? {
        let node = node
        guard node.kind == .string else { return nil }
        return node.flag ? JSONDocument.unescaped(slice(node)) : String(decoding: slice(node), as: UTF8.self)
    }

    /// `true` or `false`; nil for anything else.
    package var bool: Bool? {
        switch node.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// A number written as an integer that `Int` holds; nil for anything else (a string, a
    /// fraction, an exponent).
    package var exactInteger: Int? {
        let node = node
        guard node.kind == .number, !node.flag else { return nil }
        return Self.digits(slice(node)) ?? Int(numberText(node))
    }

    /// Text sent as a string or, now and then, as a number (a whole one, written as an integer);
    /// "" is kept (callers decide what empty means).
    package var text: String? {
        switch node.kind {
        case .string: string
        case .number: wholeNumber.map { String($0) }
        default: nil
        }
    }

    /// An integer sent as a number or as a string (" 12 ", "12.0"); a fraction is dropped.
    package var integer: Int? {
        let node = node
        switch node.kind {
        case .number:
            if !node.flag, let digits = Self.digits(slice(node)) { return digits }
            return Int(numberText(node)) ?? number.flatMap(Self.integer)
        case .string:
            // GIPHY sends every size so ("200"): read from the bytes, no String made.
            if !node.flag, let digits = Self.digits(slice(node)) { return digits }
            guard let text = string.flatMap(WhiteSpace.trimmed) else { return nil }
            return Int(text) ?? Double(text).flatMap(Self.integer)
        default:
            return nil
        }
    }

    /// A number's value; nil for anything else, a number string included.
    package var number: Double? {
        let node = node
        guard node.kind == .number else { return nil }
        return Double(numberText(node))
    }

    /// A number that is whole (2, 2.0, 2e3) as an Int; nil for fractions and what Int cannot hold.
    private var wholeNumber: Int? {
        let node = node
        guard node.kind == .number else { return nil }
        let text = numberText(node)
        if let exact = Int(text) { return exact }
        guard let value = Double(text), value.rounded(.towardZero) == value else { return nil }
        return Self.integer(value)
    }

    /// A number node's bytes (ASCII) as text.
    private func numberText(_ node: JSONNode) -> String { String(decoding: slice(node), as: UTF8.self) }

    /// Doubles beyond 9e15 are not whole numbers anyone sent: nil, as for infinity and NaN.
    private static func integer(_ number: Double) -> Int? {
        guard number.isFinite, abs(number) < 9e15 else { return nil }
        return Int(number)
    }

    /// The value of 1 to 18 ASCII digits (what `Int` reads them as; it holds any 18); nil for
    /// anything else, left to the general rule.
    private static func digits(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard (1...18).contains(bytes.count) else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}

/// A member's key as UTF-8 bytes, escapes decoded, matched against keys written in code:
/// `switch key { case "url": ... }`. Public and inlinable so that each match is compiled into the
/// mapping as a length test and a compare of that many bytes (a call per case was a tenth of
/// GIPHY's mapping).
public struct JSONKey {
    public let bytes: UnsafeRawBufferPointer

    @inlinable
    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    @inlinable @inline(__always)
    public static func ~= (name: StaticString, key: JSONKey) -> Bool {
        // The literal's length and bytes read in place: through `withUTF8Buffer` each case was a
        // call of its closure (GIPHY's mapping: some 2,300 per page, ~60 instructions each).
        guard name.hasPointerRepresentation else { return name.withUTF8Buffer { key.hasBytes(UnsafeRawBufferPointer($0)) } }
        guard name.utf8CodeUnitCount == key.bytes.count else { return false }
        return key.hasBytes(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    func hasBytes(_ other: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count == other.count else { return false }
        // Only an empty buffer has no address.
        guard let first = bytes.baseAddress, let second = other.baseAddress else { return true }
        // A key of ours is a word or two ("url", "width", "fixed_width_still"): compared here as
        // two loads of each side, overlapping in the middle and never past the key's last byte,
        // where a call of memcmp for each was 3% of a GIPHY miss's samples.
        @inline(__always)
        func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            first.loadUnaligned(fromByteOffset: offset, as: Word.self) == second.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        switch count {
        case 8...16: return same(UInt64.self, at: 0) && same(UInt64.self, at: count - 8)
        case 4..<8: return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4)
        case 1..<4: return same(UInt8.self, at: 0) && same(UInt8.self, at: count / 2) && same(UInt8.self, at: count - 1)
        default: return memcmp(first, second, count) == 0
        }
    }
}

/// Keeps the first member of a repeated key, as a lookup by name finds it: the one-pass readers
/// of the provider mappings (GIPHY's GIF, Unsplash's photo) fill their slots through it.
package func keepFirst(_ slot: inout JSONView?, _ value: JSONView) {
    if slot == nil { slot = value }
}
