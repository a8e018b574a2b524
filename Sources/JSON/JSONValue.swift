import Foundation

/// One value in a JSON document, read leniently: upstream JSON is loose (GIPHY's most of all):
/// numbers come as strings ("200") or numbers, fields come empty, null or as the wrong type.
/// Nothing here fails: what cannot be read as asked is nil, so one odd field never costs a whole
/// item, let alone a whole page. What the server wrote itself is read strictly through
/// `JSONObject`. A value keeps its document alive; each is read through a `JSONView` (whose
/// rules these are), which a mapping of many fields uses directly (`withView`).
package struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    /// `body` given this value read in place: its fields read without a reference counted each.
    package func withView<R>(_ body: (JSONView) -> R) -> R { document.withView(at: index, body) }

    private var kind: JSONNode.Kind { document.nodes[index].kind }

    package var isObject: Bool { kind == .object }
    package var isArray: Bool { kind == .array }
    package var isNull: Bool { kind == .null }

    /// The member named `key` of an object; nil when absent, or when this is not an object.
    /// Disfavoured so that a key written in code takes the `StaticString` subscript below (a
    /// literal would otherwise be made a `String` first: the mappings read every field so).
    @_disfavoredOverload
    package subscript(key: String) -> JSONValue? {
        var key = key
        return key.withUTF8 { name in withView { $0.member(named: UnsafeRawBufferPointer(name))?.index } }.map(value(at:))
    }

    /// The member named `key` of an object, for keys written in code (compared as bytes).
    package subscript(key: StaticString) -> JSONValue? { withView { $0[key]?.index }.map(value(at:)) }

    /// An object's members, keys decoded, in order; none when this is not an object.
    package var members: [(key: String, value: JSONValue)] {
        withView { view in
            var members: [(key: String, value: JSONValue)] = []
            view.forEachMember { key, member in members.append((String(decoding: key.bytes, as: UTF8.self), value(at: member.index))) }
            return members
        }
    }

    /// An array's elements, in order; none when this is not an array.
    package var elements: [JSONValue] { withView { $0.elements.map { value(at: $0.index) } } }

    /// `JSONView.withUnescapedBytes`.
    package func withUnescapedBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? { withView { $0.withUnescapedBytes(body) } }

    /// A string's text; nil for anything else (a number included).
    package var string: String? { withView { $0.string } }

    /// `true` or `false`; nil for anything else.
    package var bool: Bool? { withView { $0.bool } }

    /// `JSONView.exactInteger`.
    package var exactInteger: Int? { withView { $0.exactInteger } }

    /// `JSONView.text`.
    package var text: String? { withView { $0.text } }

    /// `JSONView.integer`.
    package var integer: Int? { withView { $0.integer } }

    /// `JSONView.number`.
    package var number: Double? { withView { $0.number } }

    private func value(at index: Int) -> JSONValue { JSONValue(document: document, index: index) }
}

extension JSONDocument {
    /// The parsed body's value, or nil when the body is not JSON.
    package static func root(of body: Data) -> JSONValue? {
        (try? JSONDocument(parsing: body))?.root
    }
}
