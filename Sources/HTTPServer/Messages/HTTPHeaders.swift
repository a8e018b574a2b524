import ASCII

/// Header fields in the order received, with case-insensitive lookup by name. A response's may
/// start with fields prepared once (`PreparedFields`): they are fields like any other here, and
/// their wire bytes are written as they are until one of them is changed or removed.
package struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    package typealias Field = (name: String, value: String)
    private var fields: [Field] = []
    /// The first `count` fields' wire bytes, while those fields are as prepared.
    private var prepared: (bytes: [UInt8], count: Int)?

    package init() {}

    /// Room for `capacity` fields at once (a response gains a few, a request brings a few).
    init(capacity: Int) { fields.reserveCapacity(capacity) }

    /// Headers that start with `prepared`, with room for `capacity` more fields in the one array
    /// made (a response gains a few after its route: sharing the prepared array would copy it at
    /// the first, and grow it again later).
    package init(prepared: PreparedFields, capacity: Int = 6) {
        fields.reserveCapacity(prepared.fields.count + capacity)
        fields.append(contentsOf: prepared.fields)
        self.prepared = (prepared.wireBytes, prepared.fields.count)
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(elements.count + 5)
        for (name, value) in elements { add(name: name, value: value) }
    }

    package var count: Int { fields.count }

    /// The prepared fields' wire bytes (none when the headers start with none), lent to `body`
    /// for `ResponseHead`: read where they are. Copied out, they were retained and released
    /// again for every response, on storage every response of the same kept body shares, which
    /// both event loops' cores pulled back and forth.
    func withPreparedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard prepared != nil else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        // Unwrapped in place (checked just above): bound to a name, the array would be copied.
        return prepared.unsafelyUnwrapped.bytes.withUnsafeBufferPointer(body)
    }

    /// The fields after the prepared ones (all of them when none are).
    var unpreparedFields: ArraySlice<Field> { fields[(prepared?.count ?? 0)...] }

    package mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Replaces every field of that name with one.
    package mutating func set(name: String, value: String) {
        // Most fields set are not there yet: one read-only scan, then the append.
        if contains(name: name) { remove(name: name) }
        fields.append((name, value))
    }

    package mutating func remove(name: String) {
        if let prepared, fields[..<prepared.count].contains(where: { Self.equalNames($0.name, name) }) {
            self.prepared = nil
        }
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// The first value of the field, if present.
    package subscript(name: String) -> String? {
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    package func values(of name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    package func contains(name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// The comma-separated elements of every field of that name, trimmed and lowercased.
    func tokens(of name: String) -> [String] {
        values(of: name).flatMap { value in
            value.split(separator: ",").map { $0.trimmingOptionalWhitespace().lowercased() }
        }.filter { !$0.isEmpty }
    }

    package func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive comparison without allocating; names of other lengths are told
    /// apart at once (every lookup compares against each field). Compared as contiguous bytes:
    /// iterating the UTF-8 views was 2.8% of a cached answer's user time.
    package static func equalNames(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8Bytes { left in
            b.withUTF8Bytes { right in
                zip(left, right).allSatisfy { x, y in x == y || ASCIIByte.lowercased(x) == ASCIIByte.lowercased(y) }
            }
        }
    }
}

extension Substring {
    package func trimmingOptionalWhitespace() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
