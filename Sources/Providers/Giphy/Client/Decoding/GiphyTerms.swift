import JSON
import ProviderHTTP

/// The terms of GIPHY's term endpoints: autocomplete (`data` is a list of `{"name": ...}`) and
/// trending searches (`data` is a list of strings). Neither shape is officially promised, so
/// both are read for both, leniently: an item that is neither is skipped.
enum GiphyTerms {
    /// The terms in `data`, in GIPHY's order; nil when `data` is not a list.
    static func terms(in object: JSONView) -> [String]? {
        guard let data = object["data"], data.isArray else { return nil }
        return data.elements.compactMap { term in term.meaningfulText ?? term["name"]?.meaningfulText }
    }
}
