import ASCII
import Foundation

/// A JSON body (an upstream's, a request's, one the server stored), read once into a flat list of
/// nodes pointing into its bytes, and read from there through `JSONValue` or, in place, `JSONView`
/// (leniently, as upstream mappings do) or `JSONObject` (strictly, as what the server wrote itself
/// is read back). Foundation's JSONDecoder was a quarter of a
/// cache miss's CPU (Codable's containers, and an error thrown for every number GIPHY sends as a
/// string); here nothing is decoded that no mapping asks for, and asking never throws.
package final class JSONDocument: Sendable {
    let body: Data
    let nodes: [JSONNode]

    /// Throws when `body` is not one JSON value (RFC 8259), whitespace around it allowed.
    package init(parsing body: Data) throws(JSONSyntaxError) {
        self.body = body
        let parsed: Result<[JSONNode], JSONSyntaxError> = body.withUnsafeBytes { bytes in
            do throws(JSONSyntaxError) {
                return .success(try JSONParser.nodes(of: bytes))
            } catch {
                return .failure(error)
            }
        }
        nodes = try parsed.get()
    }

    /// The top-level value.
    package var root: JSONValue { JSONValue(document: self, index: 0) }

    /// `read` given the top-level value read in place: the document's bytes and nodes are lent
    /// for the closure's length, so that a mapping of a whole page borrows them once.
    package func withView<R>(_ read: (JSONView) -> R) -> R { withView(at: 0, read) }

    func withView<R>(at index: Int, _ read: (JSONView) -> R) -> R {
        body.withUnsafeBytes { bytes in
            nodes.withUnsafeBufferPointer { nodes in read(JSONView(bytes: bytes, nodes: nodes, index: index)) }
        }
    }

    static func slice(of node: JSONNode, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let start = min(Int(node.start), bytes.count)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, min(Int(node.end), bytes.count))])
    }

    /// The text of a string's bytes with its escapes decoded; a lone surrogate becomes U+FFFD.
    static func unescaped(_ raw: UnsafeRawBufferPointer) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == Byte.backslash, index + 1 < raw.count else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: index) else { continue }
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= raw.count, raw[index] == Byte.backslash,
                   raw[index + 1] == UInt8(ascii: "u"), let low = hex4(raw, at: index + 2), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
            default: out.append(escape)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ASCIIByte.hexValue(raw[index + offset]).map(UInt32.init) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }
}

/// One value of a document: its kind and, for scalars, its bytes; for arrays and objects, where
/// they end in the list (the index after their last node). An object's nodes are its keys (string
/// nodes), each followed by its value's nodes.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    var kind: Kind
    /// A string with a backslash escape; a number with a fraction or an exponent.
    var flag: Bool
    /// A string value whose every byte is visible ASCII (0x21...0x7E), with no escape (or an empty
    /// one); false for every key (the parser does not look).
    var visibleASCII: Bool
    var start: UInt32
    var end: UInt32

    var isContainer: Bool { kind == .object || kind == .array }
}
