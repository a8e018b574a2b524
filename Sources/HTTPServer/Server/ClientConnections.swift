import Synchronization

/// How many connections each client holds (an IPv4 address, an IPv6 /64: `ClientKey`), shared by
/// the loops. A new connection past the cap per client (`HTTPLimits.maxConnectionsPerClient`) is
/// refused, and at the server's own limit the table names whose connection to give up: a silent
/// one (no whole request yet) of the client holding the most, so one address that opens thousands
/// of sockets and sends nothing pays for them itself, not the clients that were there first.
///
/// Changed under its lock when a connection is accepted, registered, sends its first request and
/// closes; never for a later request. One entry per client with a connection open, so it is
/// bounded by the connection limit.
final class ClientConnections: Sendable {
    private struct Entry {
        var open = 0
        /// Per loop (`LoopExecutor.index`): its silent connections there, and since when the one
        /// silent longest has sent nothing (`.max`: none), to close the one silent longest of all.
        var silentByLoop: [Int]
        var oldestSilentByLoop: [UInt64]
        var silent = 0
        /// A trusted proxy: many clients behind one address, so never capped, and given up last.
        var exempt = false
    }

    /// 0: no cap.
    let limitPerClient: Int
    private let loopCount: Int
    private let entries = Mutex<[ClientKey: Entry]>([:])

    init(limitPerClient: Int, loopCount: Int) {
        self.limitPerClient = limitPerClient
        self.loopCount = loopCount
    }

    /// Counts a new connection of `peer`'s client; false (nothing counted) when that client holds
    /// its cap already.
    func admit(_ peer: Peer) -> Bool {
        entries.withLock { entries in
            var entry = entries[peer.client] ?? Entry(silentByLoop: Array(repeating: 0, count: loopCount),
                                                      oldestSilentByLoop: Array(repeating: .max, count: loopCount))
            if limitPerClient > 0 && !peer.exempt && !entry.exempt && entry.open >= limitPerClient { return false }
            entry.open += 1
            if peer.exempt { entry.exempt = true }
            entries[peer.client] = entry
            return true
        }
    }

    /// A connection of `client` has closed (or was never registered).
    func release(_ client: ClientKey) {
        entries.withLock { entries in
            guard var entry = entries[client] else { return }
            entry.open -= 1
            if entry.open <= 0 { entries[client] = nil } else { entries[client] = entry }
        }
    }

    /// The silent connections of `client` on loop `loop` changed: `change` more (+1: one was
    /// registered; -1: one sent its first request, or closed), the one silent longest since `oldest`.
    func silentChanged(_ client: ClientKey, loop: Int, by change: Int, oldest: UInt64) {
        entries.withLock { entries in
            guard var entry = entries[client], loop < entry.silentByLoop.count else { return }
            entry.silentByLoop[loop] += change
            entry.oldestSilentByLoop[loop] = oldest
            entry.silent += change
            entries[client] = entry
        }
    }

    /// At the connection limit: the client whose silent connection to close, and the loop that
    /// has its one silent longest. The client is the one holding the most connections among those
    /// with a silent one, a trusted proxy only when no other has; nil when none is silent. Reads
    /// every entry: it runs only at the limit, and there are at most as many as connections.
    func connectionToGiveUp() -> (client: ClientKey, loop: Int)? {
        entries.withLock { entries in
            var best: (client: ClientKey, entry: Entry)?
            for (client, entry) in entries where entry.silent > 0 {
                if let chosen = best, Self.rank(entry) <= Self.rank(chosen.entry) { continue }
                best = (client, entry)
            }
            guard let best else { return nil }
            let silent = best.entry.silentByLoop.indices.filter { best.entry.silentByLoop[$0] > 0 }
            let oldest = best.entry.oldestSilentByLoop
            guard let loop = silent.min(by: { oldest[$0] < oldest[$1] }) else { return nil }
            return (best.client, loop)
        }
    }

    /// Who gives up a connection first: any client before a trusted proxy, then the one holding more.
    private static func rank(_ entry: Entry) -> (Int, Int) { (entry.exempt ? 0 : 1, entry.open) }

    /// Connections `client` holds now (for tests and the log).
    func openCount(of client: ClientKey) -> Int {
        entries.withLock { $0[client]?.open ?? 0 }
    }
}
