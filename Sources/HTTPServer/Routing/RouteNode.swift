/// One path segment of the built route tree: literal children first, then one `{parameter}`
/// child. Immutable, and a class, so a match hands out a reference instead of copying a node.
///
/// Children and handlers are short lists searched in order, not dictionaries: a node has a few
/// of each (the root's are the API's top-level names), a literal is told apart by its length
/// before its text is compared, and hashing a segment and a method cost a `Hasher` pass each,
/// every request.
final class RouteNode: Sendable {
    private let literals: [Literal]
    private let parameter: (name: String, node: RouteNode)?
    /// Each handler in a struct: a closure kept directly in a collection is stored generically,
    /// and reading it back made a thunk, one allocation per request.
    private let handlers: [(method: HTTPMethod, handler: RouteHandler)]
    /// The template that ends here, for labels such as metrics.
    let template: String?
    /// The Allow value: the methods served here, HEAD included wherever GET is.
    let allowedMethods: [String]

    private struct Literal: Sendable {
        let segment: String
        let length: Int
        let node: RouteNode
    }

    init(literals: [String: RouteNode], parameter: (name: String, node: RouteNode)?,
         handlers: [HTTPMethod: RouteHandler], template: String?) {
        self.literals = literals.sorted { $0.key < $1.key }
            .map { Literal(segment: $0.key, length: $0.key.utf8.count, node: $0.value) }
        self.parameter = parameter
        self.handlers = handlers.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { (method: $0.key, handler: $0.value) }
        self.template = template
        var methods = Set(handlers.keys.map(\.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        allowedMethods = methods.sorted()
    }

    /// The handler for `method` here; HEAD is served by GET's where it has none of its own.
    func handler(for method: HTTPMethod) -> RouteHandler? {
        if let found = handlers.first(where: { $0.method == method }) { return found.handler }
        guard method == .head else { return nil }
        return handlers.first { $0.method == .get }?.handler
    }

    /// The node for `segments[index...]`, preferring literal matches, with parameter values collected.
    func match(_ segments: [String], from index: Int, parameters: inout PathParameters) -> RouteNode? {
        guard index < segments.count else { return handlers.isEmpty ? nil : self }
        let segment = segments[index]
        let length = segment.utf8.count
        if let literal = literals.first(where: { $0.length == length && $0.segment == segment }),
           let found = literal.node.match(segments, from: index + 1, parameters: &parameters) {
            return found
        }
        if let parameter, length > 0,
           let found = parameter.node.match(segments, from: index + 1, parameters: &parameters) {
            parameters[parameter.name] = segment
            return found
        }
        return nil
    }
}
