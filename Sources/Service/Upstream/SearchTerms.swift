/// Search terms as an upstream gave them (autocomplete, trending searches). Its JSON form is only
/// for the response cache; the key is the property name.
public struct SearchTerms: Sendable, Equatable, Decodable, JSONWritable {
    public var terms: [String]

    public init(_ terms: [String]) { self.terms = terms }

    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("terms")
            writer.array(terms) { writer, term in writer.string(term) }
        }
    }
}
