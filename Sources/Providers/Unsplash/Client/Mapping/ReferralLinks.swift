import Model
import ProviderHTTP

/// Unsplash's attribution: "Photo by NAME on Unsplash", linking the photographer and Unsplash,
/// every link carrying `utm_source=<our app>&utm_medium=referral` as its guidelines ask.
struct ReferralLinks: Sendable {
    let query: String

    init(appName: String) {
        query = "utm_source=\(QueryEscaping.escape(appName))&utm_medium=referral"
    }

    var providerURL: String { "https://unsplash.com/?" + query }

    /// The link with our referral query added (after "&" when it has a query already).
    func tagged(_ link: String) -> String {
        let base = link.hasSuffix("?") || link.hasSuffix("&") ? String(link.dropLast()) : link
        return base + (base.contains("?") ? "&" : "?") + query
    }

    func attribution(author: String?, profile: String?) -> Attribution {
        Attribution(text: credit(author), authorURL: profile.map(tagged), providerURL: providerURL)
    }

    /// "TITLE by NAME on Unsplash LINK"; "Photo by NAME ..." without a title; "... on Unsplash LINK" without a name.
    func shareText(title: String?, author: String?, page: String) -> String {
        let credit = author.map { "by \($0) on Unsplash" } ?? "on Unsplash"
        return "\(title ?? "Photo") \(credit) \(tagged(page))"
    }

    private func credit(_ author: String?) -> String {
        author.map { "Photo by \($0) on Unsplash" } ?? "Photo on Unsplash"
    }
}
