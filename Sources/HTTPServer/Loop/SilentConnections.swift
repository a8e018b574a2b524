/// One loop's silent connections, per client, each client's in the order they last sent a byte:
/// at the connection limit the server gives up the one silent longest of the client holding the
/// most (`ClientConnections.connectionToGiveUp`) before any connection that has had an answer.
/// A connection is silent from its accept until its first request has arrived whole; it is never
/// silent again after, so a connection past its first request costs this nothing.
///
/// Lists linked through the connections, as `IdleConnections`; owned by the loop thread, which
/// tells the shared table when a connection starts or stops being silent.
struct SilentConnections {
    private struct Ends {
        var oldest: SocketConnection
        var newest: SocketConnection
    }

    private var lists: [ClientKey: Ends] = [:]
    private let loopIndex: Int
    private let table: ClientConnections

    init(loopIndex: Int, table: ClientConnections) {
        self.loopIndex = loopIndex
        self.table = table
    }

    /// Lists a connection just registered as silent, its last byte (none yet) at `time`.
    mutating func add(_ connection: SocketConnection, at time: UInt64) {
        guard connection.silentSince == nil else { return }
        append(connection, at: time)
        publish(connection.peer.client, change: 1)
    }

    /// Takes `connection` off its list for good: its first request arrived, or it closed.
    mutating func remove(_ connection: SocketConnection) {
        guard connection.silentSince != nil else { return }
        unlink(connection)
        publish(connection.peer.client, change: -1)
    }

    /// The connection sent bytes at `time`: it moves behind its client's others.
    mutating func heard(_ connection: SocketConnection, at time: UInt64) {
        guard let since = connection.silentSince, since != time else { return }
        let wasOldest = connection.silentOlder == nil
        unlink(connection)
        append(connection, at: time)
        // The shared table keeps only when each list's oldest spoke: a newer one speaking costs no lock.
        if wasOldest { publish(connection.peer.client, change: 0) }
    }

    /// Tells the shared table how many of `client`'s connections are silent here, and since when
    /// the one silent longest has been.
    private func publish(_ client: ClientKey, change: Int) {
        table.silentChanged(client, loop: loopIndex, by: change, oldest: lists[client]?.oldest.silentSince ?? .max)
    }

    /// The connection of `client` silent longest on this loop.
    func oldest(of client: ClientKey) -> SocketConnection? { lists[client]?.oldest }

    /// Links `connection` in its client's list by `time`: after the newest in the usual case; a
    /// connection accepted by another loop is registered here later than it connected, so it may
    /// go before some that connected after it (the walk back is that short).
    private mutating func append(_ connection: SocketConnection, at time: UInt64) {
        connection.silentSince = time
        guard var ends = lists[connection.peer.client] else {
            connection.silentOlder = nil
            connection.silentNewer = nil
            lists[connection.peer.client] = Ends(oldest: connection, newest: connection)
            return
        }
        var older: SocketConnection? = ends.newest
        while let candidate = older, let since = candidate.silentSince, since > time { older = candidate.silentOlder }
        let newer: SocketConnection? = if let older { older.silentNewer } else { ends.oldest }
        connection.silentOlder = older
        connection.silentNewer = newer
        if let older { older.silentNewer = connection } else { ends.oldest = connection }
        if let newer { newer.silentOlder = connection } else { ends.newest = connection }
        lists[connection.peer.client] = ends
    }

    /// Unlinks `connection` and clears its links: the lists hold the only references between
    /// connections, so nothing closed is kept alive by them.
    private mutating func unlink(_ connection: SocketConnection) {
        let client = connection.peer.client
        let older = connection.silentOlder
        let newer = connection.silentNewer
        connection.silentSince = nil
        connection.silentOlder = nil
        connection.silentNewer = nil
        if let newer { newer.silentOlder = older }
        if let older { older.silentNewer = newer }
        guard var ends = lists[client] else { return }
        switch (older, newer) {
        case (nil, nil): lists[client] = nil
        case (nil, let newer?): ends.oldest = newer; lists[client] = ends
        case (let older?, nil): ends.newest = older; lists[client] = ends
        case (.some, .some): break
        }
    }
}
