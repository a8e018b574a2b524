/// Links an item carries for the server's own later calls, never for the apps: kept with cached
/// answers and stored snapshots, left out of every answer.
package struct UpstreamLinks: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    /// Unsplash's `links.download_location`: requested (with the key) when the photo is saved.
    package var downloadLocation: Optional<String>
    /// GIPHY's analytics pingback urls, requested when the GIF is shown, clicked or sent.
    package var onload: Optional<String>
    package var onclick: Optional<String>
    package var onsent: Optional<String>

    package init(downloadLocation: String? = nil, onload: String? = nil, onclick: String? = nil, onsent: String? = nil) {
        self.downloadLocation = downloadLocation
        self.onload = onload
        self.onclick = onclick
        self.onsent = onsent
    }

    /// Field by field: an array of the four was made per item stored.
    package var hasValue: Bool {
        !(downloadLocation ?? "").isEmpty || !(onload ?? "").isEmpty || !(onclick ?? "").isEmpty || !(onsent ?? "").isEmpty
    }
}
