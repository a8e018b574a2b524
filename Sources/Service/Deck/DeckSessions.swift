import Foundation
import Model
import Primitives
import Synchronization

/// What each deck session of each install has shown: the last `remembered` ids, forgotten an hour
/// after the session was last used. A session id names a session within its install only. In
/// memory only: a restart starts every session afresh.
final class DeckSessions: Sendable {
    static let remembered = 200
    static let lifetimeSeconds: Double = 3600
    /// Sessions held at most; the least recently recorded go first (`BoundedLRU`).
    static let capacity = 10_000

    private struct Session {
        var shown: [String] = []
        var lastUsed: Date

        /// Adds `ids` (keeping the latest `remembered`) and marks the session used.
        mutating func add(_ ids: [String], at date: Date) {
            shown.append(contentsOf: ids)
            if shown.count > DeckSessions.remembered { shown.removeFirst(shown.count - DeckSessions.remembered) }
            lastUsed = date
        }
    }

    /// The install and the session id the client passes.
    private struct Key: Hashable {
        let install: InstallID
        let session: String
    }

    private let sessions = Mutex(BoundedLRU<Key, Session>(maxCount: DeckSessions.capacity))
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) { self.now = now }

    /// The ids the install's session showed, or none for a new, unknown or expired one.
    func shown(in session: String, install: InstallID) -> Set<String> {
        let current = now()
        return sessions.withLock { sessions in
            guard let found = sessions[Key(install: install, session: session)], current.timeIntervalSince(found.lastUsed) < Self.lifetimeSeconds else { return [] }
            return Set(found.shown)
        }
    }

    /// Adds `ids` to what the session showed (keeping the latest `remembered`) and marks it used.
    func record(_ ids: [String], in session: String, install: InstallID) {
        let current = now()
        let session = Key(install: install, session: session)
        sessions.withLock { sessions in
            // In place: the ids are not copied out and back.
            let found: Void? = sessions.use(session) { entry in
                if current.timeIntervalSince(entry.lastUsed) >= Self.lifetimeSeconds { entry.shown = [] }
                entry.add(ids, at: current)
            }
            if found == nil {
                var entry = Session(lastUsed: current)
                entry.add(ids, at: current)
                // The least recently recorded goes when full: an expired one before any live one.
                sessions.insert(entry, forKey: session)
            }
        }
    }

    /// Drops deleted installs' sessions (one pass over the sessions however many installs).
    func forget(_ installs: Set<InstallID>) {
        sessions.withLock { sessions in sessions.removeAll { key, _ in installs.contains(key.install) } }
    }

    /// A new session id: 32 hex digits.
    static func newID() -> String {
        (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16).leftPadded(to: 16) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
