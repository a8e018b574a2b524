import ProviderHTTP

/// GIPHY's calls as the shared transport names them in reasons.
extension GiphyEndpoint: UpstreamEndpoint {
    var upstreamName: String { "GIPHY" }
}
