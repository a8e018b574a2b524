import GiphyCatalog
import HTTPServer

extension GIFPaging {
    /// The paging a list call's query asks for, or the parameter GIPHY refuses.
    init(_ query: QueryParameters) throws(GIFRefusal) {
        try self.init(limit: try Self.integer(query, "limit"), offset: try Self.integer(query, "offset"), rating: query["rating"])
    }

    /// The parameter as an integer; nil when absent or empty. Throws for text that is not one.
    private static func integer(_ query: QueryParameters, _ name: String) throws(GIFRefusal) -> Int? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw .badParameter(name) }
        return value
    }
}
