/// What an app must show beside an item, as its provider's terms ask: "Powered by GIPHY", or
/// "Photo by NAME on Unsplash" with links back (carrying the app's utm parameters).
package struct Attribution: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    package var text: String
    package var authorURL: Optional<String>
    package var providerURL: Optional<String>

    package init(text: String, authorURL: String? = nil, providerURL: String? = nil) {
        self.text = text
        self.authorURL = authorURL
        self.providerURL = providerURL
    }
}
