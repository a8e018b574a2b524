import Synchronization
/// One loop's idle keep-alive connections, oldest first: at the connection limit, the server
/// closes the oldest to admit a new client instead of answering it 503 (nginx reuses its
/// keep-alive connections in the same order). A connection is listed while it has answered a
/// request, written all of it, and holds no byte of the next (`idleKeepAliveSince`).
///
/// A list linked through the connections, so adding and removing cost the same at any length;
/// the loop does one of each per request. Owned by the loop thread; it publishes when its oldest
/// went idle (`LoopExecutor.oldestIdleSince`) for a loop accepting at the limit to choose from.
struct IdleConnections {
    private(set) var oldest: SocketConnection?
    private var newest: SocketConnection?
    private let executor: LoopExecutor

    init(publishingTo executor: LoopExecutor) {
        self.executor = executor
    }

    /// Lists `connection` as the newest idle one, idle since `time`.
    mutating func add(_ connection: SocketConnection, since time: UInt64) {
        guard connection.idleSince == nil else { return }
        connection.idleSince = time
        connection.idleOlder = newest
        connection.idleNewer = nil
        if let newest {
            newest.idleNewer = connection
        } else {
            oldest = connection
            publish()
        }
        newest = connection
    }

    /// Takes `connection` off the list, if it is on it. Its links are cleared: the list holds the
    /// only references between connections, so nothing closed is kept alive by them.
    mutating func remove(_ connection: SocketConnection) {
        guard connection.idleSince != nil else { return }
        let older = connection.idleOlder
        let newer = connection.idleNewer
        connection.idleSince = nil
        connection.idleOlder = nil
        connection.idleNewer = nil
        if let newer { newer.idleOlder = older } else { newest = older }
        if let older {
            older.idleNewer = newer
        } else {
            oldest = newer
            publish()
        }
    }

    /// A plain store, only when the oldest changes: the other loops read it only at the limit.
    private func publish() {
        executor.oldestIdleSince.store(oldest?.idleSince ?? .max, ordering: .relaxed)
    }
}
