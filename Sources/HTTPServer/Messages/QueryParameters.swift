/// Decoded query parameters in order; a name may repeat.
package struct QueryParameters: Sendable, Sequence {
    package typealias Item = (name: String, value: String)
    private let items: [Item]

    package init(_ items: [Item] = []) { self.items = items }

    /// The first value given for `name`.
    package subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    package func values(of name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    package var isEmpty: Bool { items.isEmpty }
    package var count: Int { items.count }
    package func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}
