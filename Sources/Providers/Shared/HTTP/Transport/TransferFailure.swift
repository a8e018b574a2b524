import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a transfer ended without a whole answer; `FailureMapping` turns it into an `UpstreamError`
/// with the endpoint's path in the reason.
public enum TransferFailure: Error {
    /// The body is over the cap: declared so by Content-Length (`declared`), or counted as it came.
    case bodyTooLarge(limit: Int, declared: Int64?)
    /// The transport failed; `answered` when a response head had arrived before it did.
    case transport(URLError, answered: Bool)
}
