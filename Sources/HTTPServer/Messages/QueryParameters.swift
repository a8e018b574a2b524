/// Decoded query parameters in order; a name may repeat.
public struct QueryParameters: Sendable, Sequence {
    public typealias Item = (name: String, value: String)
    private let items: [Item]

    public init(_ items: [Item] = []) { self.items = items }

    /// The first value given for `name`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    public func values(of name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    public var isEmpty: Bool { items.isEmpty }
    public var count: Int { items.count }
    public func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}
