/// How demo media links travel. The in-process demo fakes write them under `upstreamBase` (an
/// http URL, so the real clients' link rules keep them); the demo sources turn them into paths
/// of this server (`/media/...`), which is how items keep them (snapshots, the cache); every answer
/// then writes them against the address the client reached the server at.
public enum DemoMediaLinks {
    /// A host that never resolves (RFC 2606's `.invalid`): nothing outside can mistake it.
    public static let upstreamBase = "http://demo-media.invalid/media"
    private static let origin = "http://demo-media.invalid"

    /// A demo link as a path of this server; any other link as it is.
    public static func local(_ link: String) -> String {
        link.hasPrefix(upstreamBase + "/") ? String(link.dropFirst(origin.count)) : link
    }
}
