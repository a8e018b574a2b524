/// Search terms as an upstream gave them (autocomplete, trending searches). Its JSON form, for the
/// response cache only, is in Wire (SearchTerms+JSON.swift).
package struct SearchTerms: Sendable, Equatable {
    package var terms: [String]

    package init(_ terms: [String]) { self.terms = terms }
}
