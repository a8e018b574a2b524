import DedicatedThread
import Synchronization

/// A bounded pool of PostgreSQL connections, each on a thread of its own (never an event loop's),
/// each made on first use, and kept only on a server that takes writes. A lost connection (or
/// one whose server stopped taking writes) is dropped and made again through the same connection
/// string (after a failover, to the new primary) on a later call; while the
/// server cannot be reached, calls fail at once (backing off, 0.1 s doubling to 2 s, between
/// attempts) instead of waiting, so an answer is a quick 503, and the pool recovers by itself.
package final class PGPool: Sendable {
    package struct Settings: Sendable {
        package var size = 4
        /// Calls waiting for a connection at most; the next fails at once (the pool is swamped).
        package var maxWaiting = 1_000
        package var statementTimeoutMilliseconds = 10_000
        package var firstBackoff: Duration = .milliseconds(100)
        package var maxBackoff: Duration = .seconds(2)
        package init() {}
    }

    private struct Queue {
        var free: [Int]
        var waiting: [CheckedContinuation<Int, any Error>] = []
        var closed = false
    }

    private let slots: [PGSlot]
    private let queue: Mutex<Queue>
    private let settings: Settings

    package init(url: PostgreSQLURL, settings: Settings = Settings()) {
        let size = max(1, settings.size)
        self.settings = settings
        let connects = ConnectCount()
        slots = (0..<size).map { PGSlot(url: url.text, settings: settings, name: "postgres-\($0 + 1)", connects: connects) }
        queue = Mutex(Queue(free: Array(0..<size)))
    }

    /// Runs `body` with a connection, on that connection's thread.
    package func withConnection<T: Sendable>(_ body: @Sendable (PGConnection) throws -> T) async throws -> T {
        let index = try await takeSlot()
        defer { giveBack(index) }
        return try await slots[index].run(body)
    }

    /// Runs `body` in a transaction (committed when it returns, rolled back when it throws).
    package func transaction<T: Sendable>(_ body: @Sendable (PGConnection) throws -> T) async throws -> T {
        try await withConnection { connection in try connection.transaction(body) }
    }

    /// Closes every connection and stops their threads; calls after this fail.
    package func close() async {
        let waiting = queue.withLock { queue -> [CheckedContinuation<Int, any Error>] in
            queue.closed = true
            defer { queue.waiting = [] }
            return queue.waiting
        }
        for continuation in waiting { continuation.resume(throwing: PostgreSQLError(.connection, message: "the pool is closed")) }
        for slot in slots { await slot.close() }
    }

    private func takeSlot() async throws -> Int {
        enum Taken { case slot(Int), wait, refuse(PostgreSQLError) }
        let taken = queue.withLock { queue -> Taken in
            if queue.closed { return .refuse(PostgreSQLError(.connection, message: "the pool is closed")) }
            if let index = queue.free.popLast() { return .slot(index) }
            if queue.waiting.count >= settings.maxWaiting {
                return .refuse(PostgreSQLError(.connection, message: "every database connection is busy and \(settings.maxWaiting) calls wait"))
            }
            return .wait
        }
        switch taken {
        case .slot(let index): return index
        case .refuse(let error): throw error
        case .wait:
            return try await withCheckedThrowingContinuation { continuation in
                let refused = queue.withLock { queue -> Bool in
                    if queue.closed { return true }
                    if let index = queue.free.popLast() {
                        continuation.resume(returning: index)
                        return false
                    }
                    queue.waiting.append(continuation)
                    return false
                }
                if refused { continuation.resume(throwing: PostgreSQLError(.connection, message: "the pool is closed")) }
            }
        }
    }

    private func giveBack(_ index: Int) {
        let next = queue.withLock { queue -> CheckedContinuation<Int, any Error>? in
            if !queue.waiting.isEmpty { return queue.waiting.removeFirst() }
            queue.free.append(index)
            return nil
        }
        next?.resume(returning: index)
    }
}

/// Connections the pool's slots have made so far: a slot backing off tries again at once when
/// another made one since it failed (the server is back, or a new primary takes writes).
private final class ConnectCount: Sendable {
    let made = Atomic<Int>(0)
}

/// One connection of the pool and its thread. Its connection is made on first use and again
/// after it was lost, no sooner than its backoff allows unless another slot connected since.
private actor PGSlot {
    private let thread: DedicatedThread
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
    private let url: String
    private let settings: PGPool.Settings
    private var connection: PGConnection?
    private var retryAt: ContinuousClock.Instant?
    private var backoff: Duration
    private let connects: ConnectCount
    /// `connects.made` when this slot last failed.
    private var connectsWhenLost = 0

    init(url: String, settings: PGPool.Settings, name: String, connects: ConnectCount) {
        thread = DedicatedThread(name: name)
        self.connects = connects
        self.url = url
        self.settings = settings
        backoff = settings.firstBackoff
    }

    func run<T: Sendable>(_ body: @Sendable (PGConnection) throws -> T) throws -> T {
        let connection = try usable()
        do {
            return try body(connection)
        } catch {
            if !connection.isUsable || (error as? PostgreSQLError)?.isConnectionLost == true { lose() }
            throw error
        }
    }

    func close() {
        connection = nil
        thread.stop()
    }

    private func usable() throws(PostgreSQLError) -> PGConnection {
        // One the server ended while it was idle is dropped before it fails a write.
        if let connection, connection.isUsable, !connection.heardWhileIdle { return connection }
        connection = nil
        let now = ContinuousClock.now
        if let retryAt, now < retryAt, connects.made.load(ordering: .acquiring) == connectsWhenLost {
            throw PostgreSQLError(.connection, message: "the database could not be reached a moment ago; trying again shortly")
        }
        do throws(PostgreSQLError) {
            let made = try PGConnection(url: url, statementTimeoutMilliseconds: settings.statementTimeoutMilliseconds)
            // Whatever target_session_attrs says: one that lands on a standby is not written on.
            guard try made.isWritable() else { throw PostgreSQLError.readOnlyServer(made.server) }
            connection = made
            connects.made.add(1, ordering: .releasing)
            retryAt = nil
            backoff = settings.firstBackoff
            return made
        } catch {
            lose()
            throw error
        }
    }

    private func lose() {
        connection = nil
        connectsWhenLost = connects.made.load(ordering: .acquiring)
        retryAt = ContinuousClock.now + backoff
        backoff = min(backoff * 2, settings.maxBackoff)
    }
}
