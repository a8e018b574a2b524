import Gateway
import Model
import ASCII
import Foundation
import Synchronization

/// The search history rules, per install: queries are trimmed and their inner whitespace
/// collapsed, blank ones are ignored, letter case does not make a new entry, the newest `limit`
/// are kept. An install sees and changes only its own. A search is recorded after its answer
/// (`recordLater`, through the bookkeeping queue), and every read or clearing first waits for the
/// searches queued so far: a client sees the search it just made, and none lands after a clearing.
package struct SearchHistoryService: Sendable {
    package static let defaultLimit = 5

    package let limit: Int
    private let store: any SearchHistoryStore
    /// Where `recordLater` queues its writes; the gateways' queue, so one flush waits for all.
    let bookkeeping: BookkeepingWrites
    private let now: @Sendable () -> Date
    private let lastRecorded = LastRecorded()

    /// The query written last, for which install and when, shared by copies of the service: paging
    /// through results repeats one query, and rewriting the same newest entry would change nothing
    /// but its time. Only a write that overlapped no other sets it, since overlapping writes may
    /// land in any order.
    private final class LastRecorded: Sendable {
        struct State {
            var install: InstallID?
            var query: String?
            var at = Date.distantPast
            var started = 0
            var inFlight = 0
        }

        let state = Mutex(State())
    }

    /// How long the same newest query is not written again.
    static let rewriteAfterSeconds: Double = 60

    package init(store: any SearchHistoryStore, limit: Int = defaultLimit, bookkeeping: BookkeepingWrites = BookkeepingWrites(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.bookkeeping = bookkeeping
        self.limit = limit
        self.now = now
    }

    /// Records `query` as the install's newest search. Returns the text recorded, nil for a blank query.
    @discardableResult
    package func record(_ query: String, install: InstallID) async throws -> String? {
        guard let normalized = Self.normalize(query) else { return nil }
        let date = now()
        let (unchanged, ticket, alone) = lastRecorded.state.withLock { state -> (Bool, Int, Bool) in
            if state.inFlight == 0, state.install == install, state.query == normalized,
               date.timeIntervalSince(state.at) < Self.rewriteAfterSeconds {
                return (true, 0, false)
            }
            state.query = nil
            state.started += 1
            state.inFlight += 1
            return (false, state.started, state.inFlight == 1)
        }
        if unchanged { return normalized }
        do {
            try await store.record(normalized, at: date, keepingNewest: limit, install: install)
        } catch {
            lastRecorded.state.withLock { $0.inFlight -= 1 }
            throw error
        }
        lastRecorded.state.withLock { state in
            state.inFlight -= 1
            if alone && state.started == ticket {
                state.install = install
                state.query = normalized
                state.at = date
            }
        }
        return normalized
    }

    /// Whether `record` would write now: false for a blank query, or for the newest query written
    /// less than `rewriteAfterSeconds` ago with no write in flight. Lets a caller skip queuing a
    /// write that would do nothing (a page of results, then the next, repeats one query).
    package func wouldWrite(_ query: String, install: InstallID) -> Bool {
        guard let normalized = Self.normalize(query) else { return false }
        return wouldWrite(normalized: normalized, install: install)
    }

    private func wouldWrite(normalized: String, install: InstallID) -> Bool {
        let date = now()
        return lastRecorded.state.withLock { state in
            !(state.inFlight == 0 && state.install == install && state.query == normalized
                && date.timeIntervalSince(state.at) < Self.rewriteAfterSeconds)
        }
    }

    /// Records `query` for `install` once the caller has answered; a failed write fails no answer
    /// (it is counted and reported by the bookkeeping). Queues nothing when the write would change
    /// nothing. The same query for the same install still waiting to be written is replaced by
    /// this one, which leaves the same history (that query the newest), so two queries searched
    /// in turn by many clients keep two writes waiting, not a queue full of them.
    package func recordLater(_ query: String, install: InstallID) {
        guard let normalized = Self.normalize(query), wouldWrite(normalized: normalized, install: install) else { return }
        // An install id has no space in it: the key is the install, then the query.
        bookkeeping.later(.searchHistory, mergeKey: "\(install.rawValue) \(normalized)") { [self] in
            try await record(normalized, install: install)
        }
    }

    /// Newest first, the searches queued so far included. A non-blank `contains` keeps the
    /// queries containing it, ignoring case.
    package func list(contains fragment: String? = nil, install: InstallID) async throws -> [SearchHistoryEntry] {
        await bookkeeping.flush()
        return try await store.list(containing: fragment.flatMap(Self.normalize), install: install)
    }

    /// Clears after the searches queued so far, so none of them lands after the clearing.
    package func clear(install: InstallID) async throws {
        await bookkeeping.flush()
        // Counts as a write in flight, so a record overlapping it never sets the memo.
        lastRecorded.state.withLock { state in
            state.query = nil
            state.started += 1
            state.inFlight += 1
        }
        defer { lastRecorded.state.withLock { $0.inFlight -= 1 } }
        try await store.clear(install: install)
    }

    /// Drops what memory holds of a deleted install (the store deleted its entries with it).
    package func forget(_ install: InstallID) {
        lastRecorded.state.withLock { state in
            if state.install == install { state.query = nil }
        }
    }

    /// "  the   Score " -> "the Score"; nil when nothing but whitespace is left, and for text with
    /// a control character (the API refuses those; the history never stores one).
    package static func normalize(_ query: String) -> String? {
        // Already so (ASCII words one space apart, as nearly every search is): itself, nothing made.
        if let first = query.utf8.first, first != 0x20, query.utf8.last != 0x20, isSpacedASCII(query) { return query }
        guard !ControlCharacters.present(in: query) else { return nil }
        let words = query.split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Visible ASCII with single spaces between words (no other whitespace, no two spaces in a row).
    private static func isSpacedASCII(_ text: String) -> Bool {
        var previousWasSpace = false
        for byte in text.utf8 {
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                guard byte > 0x20 && byte < 0x7F else { return false }
                previousWasSpace = false
            }
        }
        return true
    }
}
