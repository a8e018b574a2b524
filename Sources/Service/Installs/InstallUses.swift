import Gateway
import Model
import Foundation
import Synchronization

/// Writes when installs were last used, for the idle expiry, without a write per request: the
/// service asks for a write at most once per `interval` (a day) per install, so a stored last use
/// is at most that much older than the real one, and the installs asked for are written
/// together, after the answers, through the bookkeeping writes' one writer: one write waits at a
/// time (each install asked for merges into it) and takes every install asked for by then.
final class InstallUses: Sendable {
    /// Installs waiting for their write at most: past it one is refused (and asked for again by
    /// its next request), so memory stays bounded while the database is slow.
    static let pendingLimit = 10_000
    /// Installs named in one statement at most.
    static let batchSize = 500

    let interval: TimeInterval
    private let store: any InstallStore
    private let bookkeeping: BookkeepingWrites

    private struct Pending {
        var installs: [InstallID] = []
        /// When the last of `installs` was used: what the write stores for all of them (the
        /// others were used moments before, while the write waited).
        var latest = Date.distantPast
    }

    private let pending = Mutex(Pending())

    init(store: any InstallStore, bookkeeping: BookkeepingWrites, interval: TimeInterval) {
        self.store = store
        self.bookkeeping = bookkeeping
        self.interval = max(1, interval)
    }

    /// Whether an install whose use was last written (or read back) at `recorded` is due another write.
    func isDue(recorded: Date, now: Date) -> Bool {
        now.timeIntervalSince(recorded) >= interval
    }

    /// Asks for the install's use at `date` to be written; false when too many are waiting.
    func record(_ install: InstallID, usedAt date: Date) -> Bool {
        let accepted = pending.withLock { pending in
            guard pending.installs.count < Self.pendingLimit else { return false }
            pending.installs.append(install)
            pending.latest = max(pending.latest, date)
            return true
        }
        if accepted { bookkeeping.later(.installUse, mergeKey: Self.mergeKey) { try await self.writePending() } }
        return accepted
    }

    /// The one key of the write of uses: a write still waiting takes the installs asked for since.
    private static let mergeKey = "install_use"

    /// Returns once the uses asked for so far are written (with the other bookkeeping writes).
    func flush() async {
        await bookkeeping.flush()
    }

    /// Every install waiting, written in a few statements; those of a failed statement are not
    /// asked for again until their next use after `interval` (the failure is counted).
    private func writePending() async throws {
        let taken = pending.withLock { pending in
            let taken = pending
            pending = Pending()
            return taken
        }
        let (installs, date) = (taken.installs, taken.latest)
        var start = 0
        while start < installs.count {
            let end = min(installs.count, start + Self.batchSize)
            try await store.recordUse(Array(installs[start..<end]), at: date)
            start = end
        }
    }
}
