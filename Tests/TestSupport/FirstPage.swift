import GiphyClient
import Service
import Model

extension PageRequest {
    /// The first page at GIPHY's default length, as a request without offset or limit reads.
    package static var first: PageRequest {
        guard let page = PageRequest(offset: 0, limit: Giphy.rules.defaultLimit) else {
            preconditionFailure("GIPHY's default limit is a valid page length")
        }
        return page
    }
}
