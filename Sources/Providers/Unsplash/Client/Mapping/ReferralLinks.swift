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
        if let tagged = taggedASCII(link) { return tagged }
        let base = link.hasSuffix("?") || link.hasSuffix("&") ? String(link.dropLast()) : link
        return base + (base.contains("?") ? "&" : "?") + query
    }

    /// The same for an ASCII link (nearly every one), read as bytes: its characters are its bytes
    /// (CR LF, the one ASCII pair that is one character, holds no "?" or "&"), where walking it
    /// character by character was a seventh of a search page's reading. Nil for any other link.
    private func taggedASCII(_ link: String) -> String? {
        guard link.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let last = link.utf8.last
        let base = last == UInt8(ascii: "?") || last == UInt8(ascii: "&") ? link.utf8.dropLast() : link.utf8[...]
        var tagged = String(Substring(base))
        tagged.reserveCapacity(base.count + 1 + query.utf8.count)
        tagged += base.contains(UInt8(ascii: "?")) ? "&" : "?"
        tagged += query
        return tagged
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
