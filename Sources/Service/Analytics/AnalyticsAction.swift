import Model
/// What a client tells us happened to an item, for the upstream's analytics: GIPHY asks for its
/// `onload` url when a GIF is shown, `onclick` when it is tapped, `onsent` when it is shared.
package enum AnalyticsAction: String, Sendable, CaseIterable {
    case seen
    case click
    case sent

    package init?(_ text: String) {
        self.init(rawValue: text)
    }

    /// The pingback url for this action among an item's links, when it has one.
    func pingbackURL(in links: UpstreamLinks) -> String? {
        let url = switch self {
        case .seen: links.onload
        case .click: links.onclick
        case .sent: links.onsent
        }
        guard let url, !url.isEmpty else { return nil }
        return url
    }
}
