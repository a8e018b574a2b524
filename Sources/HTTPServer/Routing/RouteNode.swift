/// One path segment of the built route tree: literal children first, then one `{parameter}`
/// child. Immutable, and a class, so a match hands out a reference instead of copying a node
/// with its dictionaries (the copies were 2.4% of a cached page's user time).
final class RouteNode: Sendable {
    private let literals: [String: RouteNode]
    private let parameter: (name: String, node: RouteNode)?
    /// Each handler in a struct: a closure kept directly as a dictionary's value is stored
    /// generically, and reading it back made a thunk, one allocation per request.
    let handlers: [HTTPMethod: RouteHandler]
    /// The template that ends here, for labels such as metrics.
    let template: String?
    /// The Allow value: the methods served here, HEAD included wherever GET is.
    let allowedMethods: [String]

    init(literals: [String: RouteNode], parameter: (name: String, node: RouteNode)?,
         handlers: [HTTPMethod: RouteHandler], template: String?) {
        self.literals = literals
        self.parameter = parameter
        self.handlers = handlers
        self.template = template
        var methods = Set(handlers.keys.map(\.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        allowedMethods = methods.sorted()
    }

    /// The node for `segments`, preferring literal matches, with parameter values collected.
    func match(_ segments: ArraySlice<String>, parameters: inout [String: String]) -> RouteNode? {
        guard let first = segments.first else { return handlers.isEmpty ? nil : self }
        let rest = segments.dropFirst()
        if let literal = literals[first], let found = literal.match(rest, parameters: &parameters) {
            return found
        }
        if let parameter, !first.isEmpty, let found = parameter.node.match(rest, parameters: &parameters) {
            parameters[parameter.name] = first
            return found
        }
        return nil
    }
}
