/// One accepted socket on a loop: its descriptor, what epoll last said about it, and the state
/// machine that decides what happens on it. Owned by a single loop thread; never shared.
final class SocketConnection {
    let fd: Int32
    /// The fd and a generation: a completion for a closed connection never reaches a newer one with the same fd.
    let token: UInt64
    /// The client's address, as accept(2) gave it (numeric, no port).
    let peerAddress: String?
    /// Who it counts as for the limits per client.
    let peer: Peer
    let machine: ConnectionStateMachine<LoopClock>
    /// Edge-triggered epoll: the socket may still hold bytes we have not read.
    var mayHaveInput = true
    /// epoll said the peer shut its side: read until the end of stream is seen, even after a short read.
    var peerHungUp = false
    /// Closed: its fd number may already belong to another connection, so nothing may touch it.
    var isClosed = false
    /// When it went idle, while it is listed in its loop's `IdleConnections`; nil when not listed.
    var idleSince: UInt64?
    /// Its neighbours in that list: the one idle longer, and the one idle for less time.
    var idleOlder: SocketConnection?
    var idleNewer: SocketConnection?
    /// When it last sent a byte, while it is listed in its loop's `SilentConnections` (no whole
    /// request yet); nil when not listed.
    var silentSince: UInt64?
    /// Its neighbours in that list (its client's on this loop): silent longer, and for less time.
    var silentOlder: SocketConnection?
    var silentNewer: SocketConnection?

    init(fd: Int32, token: UInt64, peer: Peer, machine: ConnectionStateMachine<LoopClock>) {
        self.fd = fd
        self.token = token
        self.peer = peer
        peerAddress = peer.address.isEmpty ? nil : peer.address
        self.machine = machine
    }
}
