/// Why a transfer ended without a whole answer; `FailureMapping` turns it into an `UpstreamError`
/// with the endpoint's path in the reason. Cases are ours, never a library's text (which can hold
/// the request URL, and the URL can hold a key).
package enum TransferFailure: Error, Equatable {
    /// The body is over the cap: declared so by Content-Length (`declared`), or counted as it came.
    case bodyTooLarge(limit: Int, declared: Int64?)
    /// The response head went on past `limit` bytes (header lines that never end).
    case headTooLarge(limit: Int)
    /// The transfer's own total deadline passed (libcurl's timeout).
    case timedOut
    case connectionRefused
    case hostNotResolved
    /// The connection closed or was reset before a byte of answer.
    case closedWithoutAnswer
    /// The connection was reset or failed while sending or before the head arrived.
    case connectionLost
    /// A head arrived and then the answer broke off (reset, or fewer bytes than declared).
    case brokeOffAfterHead(curlCode: Int)
    /// The answer is not readable HTTP (or its content encoding is broken).
    case unreadableAnswer(curlCode: Int)
    /// TLS could not be set up or the certificate was not trusted.
    case noSecureConnection(curlCode: Int)
    /// A request header value held CR or LF; nothing was sent.
    case invalidHeader
    /// The transport is shut down (its client shut it down, or was released) or could not start.
    case transportClosed
    /// Any other libcurl failure, by its code.
    case failed(curlCode: Int)
}
