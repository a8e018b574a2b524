/// The other end of an accepted socket, as accept(2) gave it: its address as text (for the
/// request's `remoteAddress`), the client it counts as, whether that address is exempt from the
/// cap per client (a trusted proxy carries many clients), and when it was accepted.
struct Peer: Sendable {
    let address: String
    let client: ClientKey
    let exempt: Bool
    /// `MonotonicClock` time of the accept: a connection handed to another loop is registered
    /// later, but has been silent since it connected.
    let acceptedAt: UInt64
}
