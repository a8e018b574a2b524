import Synchronization
/// At the connection limit, a new client takes the place of a connection that has given the
/// server least: first a silent one (no whole request yet), the one silent longest of the client
/// holding the most connections, so one address opening sockets that send nothing only ever loses
/// its own; then the server's oldest idle keep-alive connection, as nginx reuses its keep-alive
/// connections when it has no free one. Only when neither exists is the client answered 503. A
/// connection in the middle of a request or its answer is never closed for this.
///
/// Each loop closes only its own connections, on its own thread, with no lock. The accepting loop
/// closes the chosen one itself when it has it; otherwise it hands the new socket to the loop that
/// has it (in its mailbox), which closes one and takes the new one in its place, or passes it on
/// if none is left there (a socket is handed over at most as many times as there are loops). The
/// work per accept is bounded: a look at the table of clients (only at the limit), the loops'
/// published figures, and at most 2 × `reclaimAttempts` connections; one connection is closed.
extension EventLoop {
    enum Room {
        /// This loop closed a connection: the new one is admitted as usual.
        case madeHere
        /// The new socket went to the loop with the connection to close, to take its place.
        case handedOver
        /// No connection could be closed: the limit stands.
        case none
    }

    /// Listed connections tried per admission, when the first turn out to have unread bytes
    /// waiting (their read events not handled yet).
    static let reclaimAttempts = 8

    /// Called by a loop accepting `fd` past the limit (already counted in the open connections).
    func makeRoom(for fd: Int32, peer: Peer) -> Room {
        if let silent = context.clients.connectionToGiveUp() {
            if silent.loop == executor.index {
                if closeSilentLongest(of: silent.client) { return .madeHere }
            } else if silent.loop < context.loops.count,
                      handOver(fd, peer: peer, to: context.loops[silent.loop],
                               reason: .replacingSilent(client: silent.client, forwardsLeft: context.loops.count - 1)) {
                return .handedOver
            }
        }
        return makeRoomOfIdle(for: fd, peer: peer)
    }

    private func makeRoomOfIdle(for fd: Int32, peer: Peer) -> Room {
        for _ in 0..<Self.reclaimAttempts {
            guard let owner = context.loopWithOldestIdle() else { return .none }
            if owner !== executor {
                if handOver(fd, peer: peer, to: owner, reason: .replacingIdle(forwardsLeft: context.loops.count - 1)) {
                    return .handedOver
                }
                // Too many hand-overs under way (a burst): this loop's own oldest will do.
                return closeOldestIdle() ? .madeHere : .none
            }
            // The oldest may be busy after all; then the oldest of the server is looked for again.
            if closeOldestIdle(attempts: 1) { return .madeHere }
        }
        return .none
    }

    /// `fd`, handed over by another loop, takes the place of this loop's connection silent
    /// longest of `client`; if none is silent any more, of an idle one as `adoptInPlaceOfIdle`.
    func adoptInPlaceOfSilent(_ fd: Int32, peer: Peer, client: ClientKey, forwardsLeft: Int) {
        if closeSilentLongest(of: client) { return register(fd, peer: peer) }
        adoptInPlaceOfIdle(fd, peer: peer, forwardsLeft: forwardsLeft)
    }

    /// `fd`, handed over by another loop, takes the place of this loop's oldest idle connection;
    /// if none is idle any more, of another loop's, or it is answered 503.
    func adoptInPlaceOfIdle(_ fd: Int32, peer: Peer, forwardsLeft: Int) {
        if closeOldestIdle() { return register(fd, peer: peer) }
        if forwardsLeft > 0, let owner = context.loopWithOldestIdle(), owner !== executor,
           handOver(fd, peer: peer, to: owner, reason: .replacingIdle(forwardsLeft: forwardsLeft - 1)) {
            executor.connectionCount.subtract(1, ordering: .relaxed)
            return
        }
        refuse(fd)
        context.uncount(peer.client, by: executor)
    }

    private func handOver(_ fd: Int32, peer: Peer, to owner: LoopExecutor, reason: LoopExecutor.HandOver) -> Bool {
        guard context.reserveReclaim() else { return false }
        owner.connectionCount.add(1, ordering: .relaxed)
        if owner.post(.adopt(fd: fd, peer: peer, reason: reason)) { return true }
        owner.connectionCount.subtract(1, ordering: .relaxed)
        context.reclaimsInFlight.subtract(1, ordering: .relaxed)
        return false
    }

    /// Closes this loop's connection of `client` that has been silent longest, trying at most
    /// `reclaimAttempts`; false when it has none. One with unread bytes waiting has just spoken:
    /// it moves behind the others (its read event is on its way) and the next is tried. It has
    /// had no answer, so nothing is cut: it is closed at once.
    func closeSilentLongest(of client: ClientKey) -> Bool {
        for _ in 0..<Self.reclaimAttempts {
            guard let connection = silent.oldest(of: client) else { return false }
            if Socket.hasUnreadInput(connection.fd) {
                connection.mayHaveInput = true
                silent.heard(connection, at: clock.recent &+ 1)
                continue
            }
            closeSocket(connection)
            context.noteSilentGivenUp()
            return true
        }
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

    /// Keeps `idle` and `silent` in step with the connection's machine, after it has taken its events.
    func trackIdleness(_ connection: SocketConnection) {
        // Only a connection not past its first request is listed as silent: one branch for the rest.
        if connection.silentSince != nil {
            if connection.isClosed || !connection.machine.awaitsFirstRequest {
                silent.remove(connection)
            } else {
                silent.heard(connection, at: connection.machine.lastInputAt)
            }
        }
        let since = connection.isClosed ? nil : connection.machine.idleKeepAliveSince
        switch (since, connection.idleSince) {
        case (let since?, nil): idle.add(connection, since: since)
        case (nil, .some): idle.remove(connection)
        default: break
        }
    }
}
