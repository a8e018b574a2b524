/// What an app must show beside an item, as its provider's terms ask: "Powered by GIPHY", or
/// "Photo by NAME on Unsplash" with links back (carrying the app's utm parameters).
package struct Attribution: Equatable, Sendable {
    package var text: String
    package var authorURL: String?
    package var providerURL: String?

    package init(text: String, authorURL: String? = nil, providerURL: String? = nil) {
        self.text = text
        self.authorURL = authorURL
        self.providerURL = providerURL
    }
}
