/// Search terms as an upstream gave them (autocomplete, trending searches). Its JSON form, for the
/// response cache only, is in Wire (SearchTerms+JSON.swift).
public struct SearchTerms: Sendable, Equatable {
    public var terms: [String]

    public init(_ terms: [String]) { self.terms = terms }
}
