import Foundation
import Model

/// What is blocked: an item (by its id) or a search term.
package enum BlockKind: String, Sendable {
    case item
    case term
}

/// One block as stored: what it blocks, why, and since when.
package struct BlockRecord: Sendable, Equatable {
    package let kind: BlockKind
    /// The item's id, or the term as the operator wrote it (lowercased).
    package let key: String
    package let reason: String
    package let blockedAt: Date

    package init(kind: BlockKind, key: String, reason: String, blockedAt: Date) {
        (self.kind, self.key, self.reason, self.blockedAt) = (kind, key, reason, blockedAt)
    }
}

/// One reported item as the operator reads it: how many installs reported it, for which reasons
/// (each with its count), and when it was last reported.
package struct ReportedItem: Sendable, Equatable {
    package let itemID: String
    package let count: Int
    package let reasons: [String: Int]
    package let lastReportedAt: Date

    package init(itemID: String, count: Int, reasons: [String: Int], lastReportedAt: Date) {
        (self.itemID, self.count, self.reasons, self.lastReportedAt) = (itemID, count, reasons, lastReportedAt)
    }
}

/// Where blocks and reports are kept (Storage's tables, on SQLite or PostgreSQL).
package protocol ModerationStore: Sendable {
    /// Every block, items and terms.
    func blocks() async throws -> [BlockRecord]
    /// Adds the block, or replaces its reason; announced to every instance.
    func block(_ record: BlockRecord) async throws
    /// Removes the block; false when there was none. Announced to every instance.
    func unblock(_ kind: BlockKind, key: String) async throws -> Bool
    /// Keeps the install's report of the item; false when it had reported it already (nothing changes).
    func report(item: String, install: InstallID, reason: String, at date: Date) async throws -> Bool
    /// The reported items, most reports first, then the most recently reported; at most `limit`.
    func reports(limit: Int) async throws -> [ReportedItem]
    /// Calls `heard` each time another instance may have changed the blocks (PostgreSQL's
    /// LISTEN); never on SQLite, whose file no other instance opens.
    func observeBlockChanges(_ heard: @escaping @Sendable () -> Void)
}
