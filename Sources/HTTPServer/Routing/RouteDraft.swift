/// One path segment of the route tree while `RouterBuilder` adds routes; `built()` makes the
/// immutable `RouteNode` tree the router matches against.
struct RouteDraft {
    private var literals: [String: RouteDraft] = [:]
    private var parameter: (name: String, draft: Box)?
    private var handlers: [HTTPMethod: RouteHandler] = [:]
    private var template: String?

    /// Indirection so the draft can nest parameter segments.
    final class Box {
        let draft: RouteDraft
        init(_ draft: RouteDraft) { self.draft = draft }
    }

    /// Returns false if the method already has a handler at that template.
    mutating func insert(_ segments: ArraySlice<String>, template: String, method: HTTPMethod,
                         handler: RouteHandler) -> Bool {
        guard let first = segments.first else {
            guard handlers[method] == nil else { return false }
            handlers[method] = handler
            self.template = template
            return true
        }
        let rest = segments.dropFirst()
        if first.hasPrefix("{") && first.hasSuffix("}") && first.count > 2 {
            let name = String(first.dropFirst().dropLast())
            precondition(parameter == nil || parameter?.name == name, "two parameter names at one place: \(name)")
            var child = parameter?.draft.draft ?? RouteDraft()
            let inserted = child.insert(rest, template: template, method: method, handler: handler)
            parameter = (name, Box(child))
            return inserted
        }
        var child = literals[first] ?? RouteDraft()
        let inserted = child.insert(rest, template: template, method: method, handler: handler)
        literals[first] = child
        return inserted
    }

    func built() -> RouteNode {
        RouteNode(literals: literals.mapValues { $0.built() },
                  parameter: parameter.map { (name: $0.name, node: $0.draft.draft.built()) },
                  handlers: handlers, template: template)
    }
}
