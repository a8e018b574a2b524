/// The values of a route template's `{name}` segments, by name. Most routes have none or one: the
/// first is kept inline and looked up by comparing names, so a matched request makes no
/// dictionary (a `[String: String]` hashed each name twice and allocated, per request).
package struct PathParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var first: Parameter?
    private var others: [Parameter] = []

    private struct Parameter: Sendable, Equatable {
        let name: String
        let value: String
    }

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// The value of `{name}`; nil when the route has no such segment.
    package subscript(name: String) -> String? {
        get {
            if let first, first.name == name { return first.value }
            return others.first { $0.name == name }?.value
        }
        set {
            others.removeAll { $0.name == name }
            if first?.name == name { first = nil }
            guard let newValue else { return }
            let parameter = Parameter(name: name, value: newValue)
            if first == nil { first = parameter } else { others.append(parameter) }
        }
    }

    /// Same names with the same values, whatever the order they were set in.
    package static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        let left = lhs.all, right = rhs.all
        return left.count == right.count && left.allSatisfy { rhs[$0.name] == $0.value }
    }

    private var all: [Parameter] { (first.map { [$0] } ?? []) + others }
}
