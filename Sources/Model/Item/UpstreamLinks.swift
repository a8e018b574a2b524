/// Links an item carries for the server's own later calls, never for the apps: kept with cached
/// answers and stored snapshots, left out of every answer.
package struct UpstreamLinks: Equatable, Sendable {
    /// Unsplash's `links.download_location`: requested (with the key) when the photo is saved.
    package var downloadLocation: String?
    /// GIPHY's analytics pingback urls, requested when the GIF is shown, clicked or sent.
    package var onload: String?
    package var onclick: String?
    package var onsent: String?

    package init(downloadLocation: String? = nil, onload: String? = nil, onclick: String? = nil, onsent: String? = nil) {
        self.downloadLocation = downloadLocation
        self.onload = onload
        self.onclick = onclick
        self.onsent = onsent
    }

    package var hasValue: Bool { [downloadLocation, onload, onclick, onsent].contains { !($0 ?? "").isEmpty } }
}
