/// What an app must show beside an item, as its provider's terms ask: "Powered by GIPHY", or
/// "Photo by NAME on Unsplash" with links back (carrying the app's utm parameters).
public struct Attribution: Equatable, Sendable {
    public var text: String
    public var authorURL: String?
    public var providerURL: String?

    public init(text: String, authorURL: String? = nil, providerURL: String? = nil) {
        self.text = text
        self.authorURL = authorURL
        self.providerURL = providerURL
    }
}
