import Model
import Foundation
import Synchronization

/// What each deck session of each install has shown: the last `remembered` ids, forgotten an hour
/// after the session was last used. A session id names a session within its install only. In
/// memory only: a restart starts every session afresh.
final class DeckSessions: Sendable {
    static let remembered = 200
    static let lifetimeSeconds: Double = 3600
    /// Sessions kept at most; the least recently used go first.
    static let capacity = 10_000

    private struct Session {
        var shown: [String] = []
        var lastUsed: Date
    }

    /// The install and the session id the client passes.
    private struct Key: Hashable {
        let install: InstallID
        let session: String
    }

    private let sessions = Mutex<[Key: Session]>([:])
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
            var entry = sessions[session].flatMap { current.timeIntervalSince($0.lastUsed) < Self.lifetimeSeconds ? $0 : nil }
                ?? Session(lastUsed: current)
            entry.shown.append(contentsOf: ids)
            if entry.shown.count > Self.remembered { entry.shown.removeFirst(entry.shown.count - Self.remembered) }
            entry.lastUsed = current
            sessions[session] = entry
            if sessions.count > Self.capacity {
                sessions = sessions.filter { current.timeIntervalSince($0.value.lastUsed) < Self.lifetimeSeconds }
                while sessions.count > Self.capacity, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                    sessions[oldest] = nil
                }
            }
        }
    }

    /// Drops deleted installs' sessions (one pass over the sessions however many installs).
    func forget(_ installs: Set<InstallID>) {
        sessions.withLock { sessions in sessions = sessions.filter { !installs.contains($0.key.install) } }
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
