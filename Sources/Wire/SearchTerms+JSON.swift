import JSON
import Model

/// The terms' cached form: `{"terms": [...]}`.
extension SearchTerms: JSONReadable, JSONWritable {
    private static let termsKey: StaticString = "terms"

    package init(json: JSONValue) throws(JSONShapeError) {
        var terms: [String] = []
        for element in try JSONObject(json).array(Self.termsKey) {
            guard let term = element.string else { throw JSONShapeError("a term is not a string") }
            terms.append(term)
        }
        self.init(terms)
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key(Self.termsKey)
            writer.array(terms) { writer, term in writer.string(term) }
        }
    }
}
