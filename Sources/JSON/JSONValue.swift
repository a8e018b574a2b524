import ASCII

import Foundation

/// One value in a JSON document, read leniently: upstream JSON is loose (GIPHY's most of all):
/// numbers come as strings ("200") or numbers, fields come empty, null or as the wrong type.
/// Nothing here fails: what cannot be read as asked is nil, so one odd field never costs a whole
/// item, let alone a whole page. What the server wrote itself is read strictly through
/// `JSONObject`.
package struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    private var node: JSONNode { document.nodes[index] }

    package var isObject: Bool { node.kind == .object }
    package var isArray: Bool { node.kind == .array }
    package var isNull: Bool { node.kind == .null }

    /// The member named `key` of an object; nil when absent, or when this is not an object.
    /// Disfavoured so that a key written in code takes the `StaticString` subscript below (a
    /// literal would otherwise be made a `String` first: the mappings read every field so).
    @_disfavoredOverload
    package subscript(key: String) -> JSONValue? {
        guard node.kind == .object, let member = document.member(of: index, named: key) else { return nil }
        return JSONValue(document: document, index: member)
    }

    /// The member named `key` of an object, for keys written in code (compared as bytes).
    package subscript(key: StaticString) -> JSONValue? {
        guard node.kind == .object else { return nil }
        return key.withUTF8Buffer { document.member(of: index, named: UnsafeRawBufferPointer($0)) }
            .map { JSONValue(document: document, index: $0) }
    }

    /// An object's members, keys decoded, in order; none when this is not an object.
    package var members: [(key: String, value: JSONValue)] {
        guard node.kind == .object else { return [] }
        var members: [(key: String, value: JSONValue)] = []
        var key = index + 1
        let end = Int(node.end)
        while key + 1 < end {
            members.append((document.string(at: key), JSONValue(document: document, index: key + 1)))
            key = document.next(after: key + 1)
        }
        return members
    }

    /// `body` given a string's bytes as sent, read in place (no String made), when the string has
    /// no escape (nearly every one an upstream sends); nil for anything else, an escaped string
    /// included (its text is `string`).
    package func withUnescapedBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let node = node
        guard node.kind == .string, !node.flag else { return nil }
        return document.body.withUnsafeBytes { body(JSONDocument.slice(of: node, in: $0)) }
    }

    /// A string's text; nil for anything else (a number included).
    package var string: String? { node.kind == .string ? document.string(at: index) : nil }

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
        guard node.kind == .number, !node.flag else { return nil }
        return Int(document.text(at: index))
    }

    /// An array's elements, in order; none when this is not an array.
    package var elements: [JSONValue] {
        guard node.kind == .array else { return [] }
        var elements: [JSONValue] = []
        var element = index + 1
        let end = Int(node.end)
        while element < end {
            elements.append(JSONValue(document: document, index: element))
            element = document.next(after: element)
        }
        return elements
    }

    /// Text sent as a string or, now and then, as a number (a whole one, written as an integer);
    /// "" is kept (callers decide what empty means).
    package var text: String? {
        switch node.kind {
        case .string: document.string(at: index)
        case .number: wholeNumber.map { String($0) }
        default: nil
        }
    }

    /// An integer sent as a number or as a string (" 12 ", "12.0"); a fraction is dropped.
    package var integer: Int? {
        switch node.kind {
        case .number:
            return Int(document.text(at: index)) ?? number.flatMap(Self.integer)
        case .string:
            guard let text = WhiteSpace.trimmed(document.string(at: index)) else { return nil }
            return Int(text) ?? Double(text).flatMap(Self.integer)
        default:
            return nil
        }
    }

    /// A number's value; nil for anything else, a number string included.
    package var number: Double? {
        guard node.kind == .number else { return nil }
        return Double(document.text(at: index))
    }

    /// A number that is whole (2, 2.0, 2e3) as an Int; nil for fractions and what Int cannot hold.
    private var wholeNumber: Int? {
        guard node.kind == .number else { return nil }
        let text = document.text(at: index)
        if let exact = Int(text) { return exact }
        guard let value = Double(text), value.rounded(.towardZero) == value else { return nil }
        return Self.integer(value)
    }

    /// Doubles beyond 9e15 are not whole numbers anyone sent: nil, as for infinity and NaN.
    private static func integer(_ number: Double) -> Int? {
        guard number.isFinite, abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}

extension JSONDocument {
    /// The parsed body's value, or nil when the body is not JSON.
    package static func root(of body: Data) -> JSONValue? {
        (try? JSONDocument(parsing: body))?.root
    }
}
