/// One path segment of the route tree: literal children first, then one `{parameter}` child.
struct RouteNode: Sendable {
    private var literals: [String: RouteNode] = [:]
    private var parameter: (name: String, node: Box)?
    private(set) var handlers: [HTTPMethod: Router.Handler] = [:]
    /// The template that ends here, for labels such as metrics.
    private(set) var template: String?

    /// Indirection so the tree can nest parameter nodes.
    final class Box: Sendable {
        let node: RouteNode
        init(_ node: RouteNode) { self.node = node }
    }

    /// The Allow value: the methods served here, HEAD included wherever GET is.
    var allowedMethods: [String] {
        var methods = Set(handlers.keys.map(\.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        return methods.sorted()
    }

    /// Returns false if the method already has a handler at that template.
    mutating func insert(_ segments: ArraySlice<String>, template: String, method: HTTPMethod,
                         handler: @escaping Router.Handler) -> Bool {
        guard let first = segments.first else {
            guard handlers[method] == nil else { return false }
            handlers[method] = handler
            self.template = template
            return true
        }
        let rest = segments.dropFirst()
        if first.hasPrefix("{") && first.hasSuffix("}") && first.count > 2 {
            let name = String(first.dropFirst().dropLast())
            var child = parameter?.node.node ?? RouteNode()
            precondition(parameter == nil || parameter?.name == name, "two parameter names at one place: \(name)")
            let inserted = child.insert(rest, template: template, method: method, handler: handler)
            parameter = (name, Box(child))
            return inserted
        }
        var child = literals[first] ?? RouteNode()
        let inserted = child.insert(rest, template: template, method: method, handler: handler)
        literals[first] = child
        return inserted
    }

    /// The node for `segments`, preferring literal matches, with parameter values collected.
    func match(_ segments: ArraySlice<String>, parameters: inout [String: String]) -> RouteNode? {
        guard let first = segments.first else { return handlers.isEmpty ? nil : self }
        let rest = segments.dropFirst()
        if let literal = literals[first], let found = literal.match(rest, parameters: &parameters) {
            return found
        }
        if let parameter, !first.isEmpty, let found = parameter.node.node.match(rest, parameters: &parameters) {
            parameters[parameter.name] = first
            return found
        }
        return nil
    }
}
