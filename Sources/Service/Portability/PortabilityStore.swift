import Foundation
import Model

/// What an import asks of the store, decided by `Portability`: candidates in the order they are
/// to be added (newest first, one per id), the cap, and the rule that merges the history.
package struct ImportPlan: Sendable {
    package let favorites: [FavoriteRecord]
    package let favoritesLimit: Int
    /// The install's history as it will be, from the history as it is (newest first).
    package let mergeHistory: @Sendable ([SearchHistoryEntry]) -> [SearchHistoryEntry]
}

/// What the store did with a plan.
package struct ImportOutcome: Sendable, Equatable {
    package var inserted = 0
    /// Candidates whose id the install already had.
    package var present = 0
    /// Candidates past the cap.
    package var overCap = 0
    package var favoritesCount = 0
    package var historyCount = 0

    package init() {}
}

/// Where an import lands: in one step (one transaction), so a failure leaves the install as it
/// was, and racing adds, from any instance, never take it past the cap.
package protocol PortabilityStore: Sendable {
    /// Adds each candidate whose id the install does not have while fewer than the cap are
    /// stored, in the plan's order; then replaces the history with the plan's merge of it.
    /// Nil when the install does not exist (deleted meanwhile): nothing changed.
    func importData(_ plan: ImportPlan, install: InstallID) async throws -> ImportOutcome?
}
