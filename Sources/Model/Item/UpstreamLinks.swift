/// Links an item carries for the server's own later calls, never for the apps: kept with cached
/// answers and stored snapshots, left out of every answer.
public struct UpstreamLinks: Equatable, Sendable {
    /// Unsplash's `links.download_location`: requested (with the key) when the photo is saved.
    public var downloadLocation: String?
    /// GIPHY's analytics pingback urls, requested when the GIF is shown, clicked or sent.
    public var onload: String?
    public var onclick: String?
    public var onsent: String?

    public init(downloadLocation: String? = nil, onload: String? = nil, onclick: String? = nil, onsent: String? = nil) {
        self.downloadLocation = downloadLocation
        self.onload = onload
        self.onclick = onclick
        self.onsent = onsent
    }

    public var hasValue: Bool { [downloadLocation, onload, onclick, onsent].contains { !($0 ?? "").isEmpty } }
}
