import Gateway
import Model
import ASCII
import Foundation

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
    /// Writes the searches, shared by copies of the service (with its memory of the last one).
    private let recorder: SearchHistoryRecorder

    package init(store: any SearchHistoryStore, limit: Int = defaultLimit, bookkeeping: BookkeepingWrites = BookkeepingWrites(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.bookkeeping = bookkeeping
        self.limit = limit
        recorder = SearchHistoryRecorder(store: store, limit: limit, now: now)
    }

    /// Records `query` as the install's newest search. Returns the text recorded, nil for a blank query.
    @discardableResult
    package func record(_ query: String, install: InstallID) async throws -> String? {
        guard let normalized = Self.normalize(query) else { return nil }
        try await recorder.record(normalized, install: install)
        return normalized
    }

    /// Whether `record` would write now: false for a blank query, or for the newest query written
    /// less than `rewriteAfterSeconds` ago with no write in flight. Lets a caller skip queuing a
    /// write that would do nothing (a page of results, then the next, repeats one query).
    package func wouldWrite(_ query: String, install: InstallID) -> Bool {
        guard let normalized = Self.normalize(query) else { return false }
        return recorder.wouldWrite(normalized, install: install)
    }

    /// Records `query` for `install` once the caller has answered; a failed write fails no answer
    /// (it is counted and reported by the bookkeeping). Queues nothing when the write would change
    /// nothing. The same query for the same install still waiting to be written is replaced by
    /// this one, which leaves the same history (that query the newest), so two queries searched
    /// in turn by many clients keep two writes waiting, not a queue full of them. Searches found
    /// waiting together are written together (one transaction), each failing alone.
    package func recordLater(_ query: String, install: InstallID) {
        guard let normalized = Self.normalize(query), recorder.wouldWrite(normalized, install: install) else { return }
        // An install id has no space in it: the key is the install, then the query.
        bookkeeping.later(.searchHistory, mergeKey: "\(install.rawValue) \(normalized)",
                          SearchHistoryRecorder.Item(query: normalized, install: install), in: recorder)
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
        try await recorder.clearing { try await store.clear(install: install) }
    }

    /// Drops what memory holds of a deleted install (the store deleted its entries with it).
    package func forget(_ install: InstallID) {
        recorder.forget(install)
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
