import Model
import ProviderHTTP

/// Unsplash's attribution: "Photo by NAME on Unsplash", linking the photographer and Unsplash,
/// every link carrying `utm_source=<our app>&utm_medium=referral` as its guidelines ask.
struct ReferralLinks: Sendable {
    let query: String
    let providerURL: String

    init(appName: String) {
        query = "utm_source=\(QueryEscaping.escape(appName))&utm_medium=referral"
        providerURL = "https://unsplash.com/?" + query
    }

    /// The link with our referral query added (after "&" when it has a query already).
    func tagged(_ link: String) -> String {
        var tagged = String()
        appendTagged(link, to: &tagged)
        return tagged
    }

    /// `tagged(link)` appended to `text`: the share text ends with it, written in place rather
    /// than made apart and copied (an own-call Unsplash miss tags two links per photo).
    private func appendTagged(_ link: String, to text: inout String) {
        var link = link
        let ascii = link.withUTF8 { bytes -> (baseCount: Int, hasQuery: Bool)? in
            // One pass over the bytes (a tenth of the miss's mapping went to walking them as
            // characters, then twice as `allSatisfy` and `contains`). Its characters are its bytes
            // when it is ASCII (CR LF, the one ASCII pair that is one character, holds no "?" or "&").
            var high: UInt8 = 0
            var hasQuery = false
            for byte in bytes {
                high |= byte
                hasQuery = hasQuery || byte == UInt8(ascii: "?")
            }
            guard high < 0x80 else { return nil }
            let last = bytes.last
            guard last == UInt8(ascii: "?") || last == UInt8(ascii: "&") else { return (bytes.count, hasQuery) }
            // The "?" dropped counts only when another is left before it.
            let base = bytes.dropLast()
            return (base.count, last == UInt8(ascii: "?") ? base.contains(UInt8(ascii: "?")) : hasQuery)
        }
        guard let ascii else {
            let base = link.hasSuffix("?") || link.hasSuffix("&") ? String(link.dropLast()) : link
            text += base + (base.contains("?") ? "&" : "?") + query
            return
        }
        text.reserveCapacity(text.utf8.count + ascii.baseCount + 1 + query.utf8.count)
        text += ascii.baseCount == link.utf8.count ? link[...] : Substring(link.utf8.prefix(ascii.baseCount))
        text += ascii.hasQuery ? "&" : "?"
        text += query
    }

    func attribution(author: String?, profile: String?) -> Attribution {
        Attribution(text: credit(author), authorURL: profile.map(tagged), providerURL: providerURL)
    }

    /// "TITLE by NAME on Unsplash LINK"; "Photo by NAME ..." without a title; "... on Unsplash LINK" without a name.
    /// Written into one string sized once (interpolated, it grew three times and copied the link twice).
    func shareText(title: String?, author: String?, page: String) -> String {
        let title = title ?? "Photo"
        var text = String()
        text.reserveCapacity(title.utf8.count + (author.map { $0.utf8.count + 4 } ?? 0) + 13 + page.utf8.count + 1 + query.utf8.count)
        text += title
        if let author {
            text += " by "
            text += author
        }
        text += " on Unsplash "
        appendTagged(page, to: &text)
        return text
    }

    private func credit(_ author: String?) -> String {
        guard let author else { return "Photo on Unsplash" }
        var credit = String()
        credit.reserveCapacity(9 + author.utf8.count + 12)
        credit += "Photo by "
        credit += author
        credit += " on Unsplash"
        return credit
    }
}
