import Model

/// The content ceiling as every feature applies it to one provider: the rating its upstream is
/// asked for, and what of its answers may be served. The rule itself is `ContentCeiling`'s.
extension ProviderGateway {
    /// The rating to ask the upstream for: `asked`, else `defaultRating`, never above the ceiling
    /// (an upstream that rates nothing is sent the ceiling).
    func rating(asked: Rating?, default defaultRating: Rating) -> Rating {
        ceiling.rating(asked: asked, default: defaultRating, ratesItems: rules.ratesItems)
    }

    /// What an answer says it was served at; nil for an upstream that rates nothing (Unsplash).
    func served(at rating: Rating) -> Rating? {
        rules.ratesItems ? rating : nil
    }

    func admits(_ item: Item) -> Bool {
        ceiling.admits(item, ratesItems: rules.ratesItems)
    }

    /// The page without its items above the ceiling (an upstream can send some rated above what
    /// was asked, and a cached answer may be older than the ceiling). Its counts stay the
    /// upstream's, so paging goes on past what was left out.
    func admitted(_ page: UpstreamPage) -> UpstreamPage {
        // No ceiling (r) or nothing rated: every page is served whole, without a look at its items.
        guard rules.ratesItems, ceiling.rating != .r else { return page }
        guard page.items.contains(where: { !admits($0) }) else { return page }
        var admitted = page
        admitted.items.removeAll { !admits($0) }
        return admitted
    }

    /// The item, or `itemNotFound` when it is above the ceiling: for this server it does not exist.
    func admitted(_ item: Item) throws(ServiceError) -> Item {
        try checkAdmitted(item)
        return item
    }

    /// `admitted` without handing the item back (a copy of it).
    func checkAdmitted(_ item: Item) throws(ServiceError) {
        guard admits(item) else { throw ServiceError.aboveCeiling(id: item.id, ceiling: ceiling) }
    }
}
