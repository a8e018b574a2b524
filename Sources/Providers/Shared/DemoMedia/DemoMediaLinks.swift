/// Where demo items link their pictures: paths of this server (`/media/...`), written so by the
/// demo providers from the start and kept so by items (snapshots, the cache); every answer then
/// writes them against the address the client reached the server at.
package enum DemoMediaLinks {
    /// The media route's root (`GET /media/{provider}/{key}/{name}`).
    package static let base = "/media"
}
