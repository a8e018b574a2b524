import Gateway
import Model
import Foundation
import Synchronization

/// Writes the searches to the store for `SearchHistoryService` (and all its copies): one at a
/// time when asked (`record`), or as the bookkeeping writer hands them over, several together
/// (`run`: one call to the store, in one transaction there). Remembers the query written last,
/// for which install and when: paging through results repeats one query, and rewriting the same
/// newest entry would change nothing but its time. Only a write that overlapped no other sets
/// it, since overlapping writes may land in any order.
final class SearchHistoryRecorder: BookkeepingBatchRunner {
    /// A search the bookkeeping writer records, normalized already.
    struct Item: Sendable {
        let query: String
        let install: InstallID
    }

    private struct LastRecorded {
        var install: InstallID?
        var query: String?
        var at = Date.distantPast
        var started = 0
        var inFlight = 0

        /// The newest entry already, written less than `rewriteAfterSeconds` ago, none in flight.
        func isUnchanged(_ normalized: String, install: InstallID, at date: Date) -> Bool {
            inFlight == 0 && self.install == install && query == normalized
                && date.timeIntervalSince(at) < SearchHistoryRecorder.rewriteAfterSeconds
        }
    }

    /// A write begun: its place among those started, and whether none other was in flight.
    private struct Started {
        let ticket: Int
        let alone: Bool
    }

    /// How long the same newest query is not written again.
    static let rewriteAfterSeconds: Double = 60

    let store: any SearchHistoryStore
    let limit: Int
    private let now: @Sendable () -> Date
    private let last = Mutex(LastRecorded())

    init(store: any SearchHistoryStore, limit: Int, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.limit = limit
        self.now = now
    }

    /// Records `normalized` as the install's newest search, unless it is that already (written
    /// less than `rewriteAfterSeconds` ago, no write in flight).
    func record(_ normalized: String, install: InstallID) async throws {
        let date = now()
        guard let started = begin(normalized, install: install, at: date) else { return }
        do {
            try await store.record(normalized, at: date, keepingNewest: limit, install: install)
        } catch {
            finish(started, normalized, install: install, at: date, written: false)
            throw error
        }
        finish(started, normalized, install: install, at: date, written: true)
    }

    /// Records `items` in order as `record` would one after another, in one call to the store.
    func run(_ items: [Item]) async -> [(any Error)?] {
        let date = now()
        let started = items.map { begin($0.query, install: $0.install, at: date) }
        let searches = zip(items, started).compactMap { item, started in
            started == nil ? nil : RecordedSearch(query: item.query, at: date, install: item.install)
        }
        var failures: ArraySlice<(any Error)?> = searches.isEmpty ? [] : await store.record(searches, keepingNewest: limit)[...]
        return zip(items, started).map { item, started -> (any Error)? in
            guard let started else { return nil }
            // The store answers each search at its place (`SearchHistoryStore.record(_:keepingNewest:)`).
            let failure = failures.popFirst() ?? nil
            finish(started, item.query, install: item.install, at: date, written: failure == nil)
            return failure
        }
    }

    /// Whether a write of `normalized` would change anything now.
    func wouldWrite(_ normalized: String, install: InstallID) -> Bool {
        let date = now()
        return last.withLock { !$0.isUnchanged(normalized, install: install, at: date) }
    }

    /// Runs `clear` as a write in flight, so a record overlapping it never sets the memo.
    func clearing(_ clear: () async throws -> Void) async throws {
        last.withLock { last in
            last.query = nil
            last.started += 1
            last.inFlight += 1
        }
        defer { last.withLock { $0.inFlight -= 1 } }
        try await clear()
    }

    func forget(_ install: InstallID) {
        last.withLock { last in
            if last.install == install { last.query = nil }
        }
    }

    /// Nil when the write would change nothing; else the write counted in flight.
    private func begin(_ normalized: String, install: InstallID, at date: Date) -> Started? {
        last.withLock { last in
            if last.isUnchanged(normalized, install: install, at: date) { return nil }
            last.query = nil
            last.started += 1
            last.inFlight += 1
            return Started(ticket: last.started, alone: last.inFlight == 1)
        }
    }

    private func finish(_ started: Started, _ normalized: String, install: InstallID, at date: Date, written: Bool) {
        last.withLock { last in
            last.inFlight -= 1
            if written && started.alone && last.started == started.ticket {
                last.install = install
                last.query = normalized
                last.at = date
            }
        }
    }
}
