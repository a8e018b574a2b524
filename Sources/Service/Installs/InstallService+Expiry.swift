import Model
import Foundation

/// Installs nobody uses any more are deleted, with everything kept for them, so that installs
/// made and abandoned (by a test run, a reinstall, or someone making them in bulk) do not pile up.
extension InstallService {
    /// Installs deleted per statement: memory holds one batch's ids at a time.
    static let expiryBatchSize = 500

    /// Deletes the installs unused for `idleDays` (never the local one) with their favorites,
    /// history and identities; `forgetting` is told each batch, so the caller's memories drop
    /// them too. An install's stored last use may be up to `uses.interval` behind, so only those
    /// whose stored use is older than `idleDays` and that interval go: one used within `idleDays`
    /// never does. Stops between batches when the task is cancelled. Returns how many went.
    package func expireIdle(forgetting: ([InstallID]) -> Void = { _ in }) async throws -> Int {
        guard let idleDays, idleDays > 0 else { return 0 }
        // Uses noted so far are written first, so none is judged by an older one.
        await uses.flush()
        let before = now().addingTimeInterval(-(Double(idleDays) * 86_400 + uses.interval))
        var deleted = 0
        while !Task.isCancelled {
            let batch = try await store.deleteUnused(before: before, limit: Self.expiryBatchSize)
            guard !batch.isEmpty else { break }
            forget(batch)
            forgetting(batch)
            deleted += batch.count
            if batch.count < Self.expiryBatchSize { break }
        }
        return deleted
    }
}
