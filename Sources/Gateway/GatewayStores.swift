import Model
import Foundation

/// A stored upstream answer, as opaque bytes.
package struct CachedAnswer: Equatable, Sendable {
    package let key: String
    package let value: Data
    package let storedAt: Date

    package init(key: String, value: Data, storedAt: Date) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
    }
}

/// Where upstream answers outlive a restart. The gateway keeps hot ones in memory in front of it.
package protocol ResponseCacheStore: Sendable {
    func answer(for key: String) async throws -> CachedAnswer?
    /// Stores (or replaces) the answer, then keeps only the `maxEntries` most recently used.
    func store(_ answer: CachedAnswer, maxEntries: Int) async throws
    func touch(key: String, at date: Date) async throws
    /// Deletes one answer (one that cannot be read back).
    func remove(key: String) async throws
    func purge(storedBefore date: Date) async throws
}

/// When upstream calls were made, so the hourly budget survives a restart.
package protocol UpstreamCallLog: Sendable {
    func record(at date: Date, forgetBefore: Date) async throws
    func calls(since date: Date) async throws -> [Date]
    /// True when other instances log their calls here too: the budget is then the fleet's, each
    /// call taken from the log itself (`take`) rather than from this process's memory.
    var isShared: Bool { get }
    /// Takes one call at `now` when fewer than `limit` were logged since `since`, as one step for
    /// every instance sharing the log (calls before `since` are forgotten).
    func take(at now: Date, limit: Int, since: Date) async throws -> CallTaken
}

/// What taking a call from a shared log gave.
package enum CallTaken: Equatable, Sendable {
    case taken
    /// `limit` calls were logged in the window; the oldest of them.
    case exhausted(oldest: Date)
}

extension UpstreamCallLog {
    package var isShared: Bool { false }

    /// For a log no other process writes: read, then record (this process's budget keeps the
    /// calls in memory and does not call this).
    package func take(at now: Date, limit: Int, since: Date) async throws -> CallTaken {
        let calls = try await calls(since: since)
        if calls.count >= limit { return .exhausted(oldest: calls.min() ?? now) }
        try await record(at: now, forgetBefore: since)
        return .taken
    }
}

/// What is reported when a stored answer does not decode: it is dropped.
struct UnreadableCachedAnswer: Error, CustomStringConvertible {
    let key: String
    let underlying: any Error

    var description: String { "a cached answer could not be read back and was dropped (\(underlying))" }
}
