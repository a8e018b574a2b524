/// What a raw loopback listener does with each connection once it has read the request head:
/// the transport faults our HTTPServer never produces (it always answers whole or closes cleanly).
package enum RawUpstreamBehaviour: Sendable, Hashable {
    /// Resets the connection (RST): "connection reset by peer", nothing answered.
    case resetAfterRequest
    /// Closes the connection (FIN) without a byte of answer.
    case closeWithoutAnswer
    /// A 200 head declaring `declared` body bytes, then only `sent` of them, then a clean close.
    case truncatedBody(declared: Int, sent: Int)
    /// A 200 JSON head and `bytes` bytes of body, generated as sent (never held in memory), with a
    /// Content-Length when `declaresLength`, else delimited by closing the connection.
    case hugeBody(bytes: Int, declaresLength: Bool)
    /// A 200 status line, then `bytes` of header lines (1 KiB each, made as sent) that never end.
    case endlessHead(bytes: Int)
}
