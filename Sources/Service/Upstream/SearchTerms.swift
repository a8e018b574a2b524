import JSON

/// Search terms as an upstream gave them (autocomplete, trending searches). Its JSON form is only
/// for the response cache; the key is the property name.
public struct SearchTerms: Sendable, Equatable, JSONReadable, JSONWritable {
    public var terms: [String]

    public init(_ terms: [String]) { self.terms = terms }

    private static let termsKey: StaticString = "terms"

    public init(json: JSONValue) throws(JSONShapeError) {
        var terms: [String] = []
        for element in try JSONObject(json).array(Self.termsKey) {
            guard let term = element.string else { throw JSONShapeError("a term is not a string") }
            terms.append(term)
        }
        self.terms = terms
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key(Self.termsKey)
            writer.array(terms) { writer, term in writer.string(term) }
        }
    }
}
