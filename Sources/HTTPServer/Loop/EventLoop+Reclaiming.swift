/// At the connection limit, a new client takes the place of the server's oldest idle keep-alive
/// connection, as nginx reuses its keep-alive connections when it has no free one; only when no
/// connection is idle is the client answered 503. Without this, clients that keep idle
/// connections open held every slot until the idle timeout, and every new client got 503.
///
/// Each loop closes only its own connections, on its own thread, with no lock. The accepting loop
/// closes its oldest itself when that is the server's oldest; otherwise it hands the new socket to
/// the loop that has it (in its mailbox), which closes its oldest and takes the new one in its
/// place, or passes it on if its idle ones have turned busy meanwhile (a socket is handed over at
/// most as many times as there are loops). The work per accept is bounded: each loop it reaches
/// reads the loops' published figures and peeks at no more than 2 × `reclaimAttempts`
/// connections; one connection is closed.
extension EventLoop {
    enum Room {
        /// This loop closed an idle connection: the new one is admitted as usual.
        case madeHere
        /// The new socket went to the loop with the oldest idle connection, to take its place.
        case handedOver
        /// No idle connection could be closed: the limit stands.
        case none
    }

    /// Listed idle connections tried per admission, when the first turn out to have unread bytes
    /// waiting (their read events not handled yet).
    static let reclaimAttempts = 8

    /// Called by a loop accepting `fd` past the limit (already counted in the open connections).
    func makeRoom(for fd: Int32, peer: String) -> Room {
        for _ in 0..<Self.reclaimAttempts {
            guard let owner = context.loopWithOldestIdle() else { return .none }
            if owner !== executor {
                if handOver(fd, peer: peer, to: owner, forwardsLeft: context.loops.count - 1) { return .handedOver }
                // Too many hand-overs under way (a burst): this loop's own oldest will do.
                return closeOldestIdle() ? .madeHere : .none
            }
            // The oldest may be busy after all; then the oldest of the server is looked for again.
            if closeOldestIdle(attempts: 1) { return .madeHere }
        }
        return .none
    }

    /// `fd`, handed over by another loop, takes the place of this loop's oldest idle connection;
    /// if none is idle any more, of another loop's, or it is answered 503.
    func adoptInPlaceOfIdle(_ fd: Int32, peer: String, forwardsLeft: Int) {
        if closeOldestIdle() { return register(fd, peer: peer) }
        if forwardsLeft > 0, let owner = context.loopWithOldestIdle(), owner !== executor,
           handOver(fd, peer: peer, to: owner, forwardsLeft: forwardsLeft - 1) {
            executor.connectionCount.subtract(1, ordering: .relaxed)
            return
        }
        refuse(fd)
        context.uncount(by: executor)
    }

    private func handOver(_ fd: Int32, peer: String, to owner: LoopExecutor, forwardsLeft: Int) -> Bool {
        guard context.reserveReclaim() else { return false }
        owner.connectionCount.add(1, ordering: .relaxed)
        if owner.post(.adopt(fd: fd, peer: peer, reason: .replacingIdle(forwardsLeft: forwardsLeft))) { return true }
        owner.connectionCount.subtract(1, ordering: .relaxed)
        context.reclaimsInFlight.subtract(1, ordering: .relaxed)
        return false
    }

    /// Closes this loop's oldest idle keep-alive connection, trying at most `attempts`; false when
    /// it has none. One whose client has sent bytes since the loop last read is busy, not idle: it
    /// leaves the list (its read event is on its way) and the next is tried. The close is orderly:
    /// the last response, all in the kernel already, reaches the client before the end of stream.
    func closeOldestIdle(attempts: Int = reclaimAttempts) -> Bool {
        for _ in 0..<attempts {
            guard let connection = idle.oldest else { return false }
            idle.remove(connection)
            if Socket.hasUnreadInput(connection.fd) {
                connection.mayHaveInput = true
                continue
            }
            closeSocket(connection)
            context.noteReclaimed()
            return true
        }
        return false
    }

    /// Keeps `idle` in step with the connection's machine, after it has taken its events.
    func trackIdleness(_ connection: SocketConnection) {
        let since = connection.isClosed ? nil : connection.machine.idleKeepAliveSince
        switch (since, connection.idleSince) {
        case (let since?, nil): idle.add(connection, since: since)
        case (nil, .some): idle.remove(connection)
        default: break
        }
    }
}
