import Foundation
import Model
import Primitives
import Synchronization

/// The operator's blocks and the people's reports (docs/moderation.md). A block takes effect in
/// this instance's memory (`Blocklist`) as soon as the store has it, and in every other instance
/// of a fleet when it hears of it (`ModerationStore.observeBlockChanges`); reads never wait for
/// the store. A report is one per install per item (a repeat changes nothing), and each client
/// address may send at most `reportsPerHour` an hour. Without a store (tests of other features)
/// blocks live in memory only.
package final class Moderation: Sendable {
    /// The reasons a report may give, a closed list.
    package static let reportReasons = ["offensive", "wrong", "spam", "other"]
    package static let defaultReportsPerHour = 30
    /// The longest reason an operator may give a block, and the longest term.
    package static let maxReasonLength = 500
    package static let maxTermLength = SearchWords.maxLength
    /// Reported items listed at most.
    package static let reportListLimit = 500

    package let blocklist = Blocklist()
    private let store: (any ModerationStore)?
    private let reportLimit: CreationLimit
    private let errors: ErrorTranslation
    private let now: @Sendable () -> Date
    /// Changes and reloads one at a time, so an older read never replaces a newer block.
    private let changes = AsyncMutex()
    private let counts = Mutex(ModerationCounts())
    private let loaded = Atomic<Bool>(false)

    package init(store: (any ModerationStore)?, reportsPerHour: Int = defaultReportsPerHour, now: @escaping @Sendable () -> Date = { Date() },
                 report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.store = store
        reportLimit = CreationLimit(perHour: reportsPerHour)
        errors = ErrorTranslation(report: report)
        self.now = now
        store?.observeBlockChanges { [weak self] in
            guard let self else { return }
            Task { try? await self.reload() }
        }
    }

    /// Reads every block from the store into memory (start-up, and each change heard from another instance).
    package func reload() async throws(ServiceError) {
        guard let store else { return }
        try await errors.translating {
            try await changes.run {
                apply(try await store.blocks())
            }
        }
    }

    /// Whether the blocks were read from the store since start (always, without a store).
    package var isLoaded: Bool { store == nil || loaded.load(ordering: .acquiring) }

    /// Every block, items and terms, newest first.
    package func blocks() async throws(ServiceError) -> [BlockRecord] {
        guard let store else { return [] }
        return try await errors.translating { try await store.blocks() }.sorted { $0.blockedAt > $1.blockedAt }
    }

    /// Blocks `key` (an item id, or a term: lowercased, trimmed) for `reason`; returns the block.
    package func block(_ kind: BlockKind, key: String, reason: String) async throws(ServiceError) -> BlockRecord {
        let key = try Self.key(kind, key)
        let trimmedReason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmedReason.isEmpty, trimmedReason.unicodeScalars.count <= Self.maxReasonLength else {
            throw .invalid("reason", "a reason of 1 to \(Self.maxReasonLength) characters is required.")
        }
        let record = BlockRecord(kind: kind, key: key, reason: trimmedReason, blockedAt: now())
        _ = try await change { store in
            try await store.block(record)
            return true
        }
        return record
    }

    /// Removes the block; false when there was none.
    package func unblock(_ kind: BlockKind, key: String) async throws(ServiceError) -> Bool {
        let key = try Self.key(kind, key)
        return try await change { store in try await store.unblock(kind, key: key) }
    }

    /// Keeps `install`'s report of `item` for `reason`, within the address's reports an hour
    /// (`client`: the key standing for its address). Returns false for a repeat (nothing changed).
    package func report(item: ItemID, reason: String, install: InstallID, client: String) async throws(ServiceError) -> Bool {
        guard Self.reportReasons.contains(reason) else {
            throw .invalid("reason", "must be one of \(Self.reportReasons.joined(separator: ", ")).")
        }
        if let retryAfter = reportLimit.take(client, now: now()) {
            counts.withLock { $0.reportsRefused += 1 }
            throw ServiceError(.reportRateLimited, "Too many reports from this address; try again in \(retryAfter) s.",
                               retryAfterSeconds: retryAfter)
        }
        guard let store else { return false }
        let kept = try await errors.translating { try await store.report(item: item.rawValue, install: install, reason: reason, at: now()) }
        counts.withLock { kept ? ($0.reportsKept += 1) : ($0.reportsRepeated += 1) }
        return kept
    }

    /// The reported items, most reports first, then the most recently reported.
    package func reports() async throws(ServiceError) -> [ReportedItem] {
        guard let store else { return [] }
        return try await errors.translating { try await store.reports(limit: Self.reportListLimit) }
    }

    /// Counts since start, for the metrics.
    package var metrics: ModerationCounts {
        var counted = counts.withLock { $0 }
        let blocks = blocklist.blocks
        counted.blockedItems = blocks.items.count
        counted.blockedTerms = blocks.terms.count
        return counted
    }

    /// A change in the store, then every block read back into memory, under `changes`.
    private func change(_ body: @escaping @Sendable (any ModerationStore) async throws -> Bool) async throws(ServiceError) -> Bool {
        guard let store else { return false }
        return try await errors.translating {
            try await changes.run {
                let changed = try await body(store)
                apply(try await store.blocks())
                if changed { counts.withLock { $0.blockChanges += 1 } }
                return changed
            }
        }
    }

    private func apply(_ records: [BlockRecord]) {
        defer { loaded.store(true, ordering: .releasing) }
        blocklist.replace(items: Set(records.filter { $0.kind == .item }.map(\.key)),
                          terms: records.filter { $0.kind == .term }.map(\.key))
    }

    /// An item's id as clients send it; a term trimmed, lowercased, with a word in it.
    private static func key(_ kind: BlockKind, _ text: String) throws(ServiceError) -> String {
        switch kind {
        case .item:
            guard let id = ItemID(text) else { throw .invalid("id", "not an item id.") }
            return id.rawValue
        case .term:
            let term = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard term.unicodeScalars.count <= maxTermLength, !SearchWordsOfText.words(of: term).isEmpty else {
                throw .invalid("term", "a term of 1 to \(maxTermLength) characters with a letter or digit in it is required.")
            }
            return term
        }
    }
}

/// What moderation counted since start, and what is blocked now, for the metrics.
package struct ModerationCounts: Sendable {
    package var blockChanges = 0
    package var reportsKept = 0
    package var reportsRepeated = 0
    package var reportsRefused = 0
    package var blockedItems = 0
    package var blockedTerms = 0
}
