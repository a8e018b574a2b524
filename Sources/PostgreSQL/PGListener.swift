import CPostgreSQL
import Foundation
import Synchronization

/// LISTEN on a connection of its own, on a thread of its own: each notification on the channels
/// goes to `received` (channel, payload) as soon as it arrives. When the connection is lost it is
/// made again through the same connection string (backing off up to 2 s; after a failover, on the
/// new primary): `lost` is called when it goes, `resumed` once it listens again. What was sent
/// meanwhile is lost, so a listener must treat that as "anything may have changed".
package final class PGListener: Sendable {
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    private let stopped = Flag()

    /// `listening` is called once, when the first connection listens on every channel.
    package init(url: PostgreSQLURL, channels: [String], received: @escaping @Sendable (String, String) -> Void,
                resumed: @escaping @Sendable () -> Void = {}, listening: @escaping @Sendable () -> Void = {},
                lost: @escaping @Sendable () -> Void = {}) {
        let stopped = self.stopped
        let thread = Thread {
            var backoff = 0.1
            var connectedBefore = false
            while !stopped.raised.load(ordering: .relaxed) {
                guard let connection = try? Self.listening(url.text, channels) else {
                    Thread.sleep(forTimeInterval: backoff)
                    backoff = min(backoff * 2, 2)
                    continue
                }
                if connectedBefore { resumed() } else { listening() }
                connectedBefore = true
                backoff = 0.1
                while !stopped.raised.load(ordering: .relaxed) {
                    if shim_wait_readable(connection.socket, 200) < 0 { break }
                    guard let notes = try? connection.notifications() else { break }
                    for note in notes { received(note.channel, note.payload) }
                    if !connection.isUsable { break }
                }
                if !stopped.raised.load(ordering: .relaxed) { lost() }
            }
        }
        thread.name = "postgres-listen"
        thread.start()
    }

    /// The thread ends within 0.2 s.
    package func stop() { stopped.raised.store(true, ordering: .relaxed) }

    private static func listening(_ url: String, _ channels: [String]) throws(PostgreSQLError) -> PGConnection {
        let connection = try PGConnection(url: url, statementTimeoutMilliseconds: 0)
        for channel in channels { try connection.executeScript("LISTEN \"\(channel.filter { $0.isLetter || $0 == "_" })\"") }
        return connection
    }
}
