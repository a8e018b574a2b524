import Foundation
import Service
import Model
import Synchronization

/// A Provider for service and API tests: answers from a fixed list, or fails as told, and counts calls.
package final class ScriptedProvider: Provider {
    private struct State {
        var items: [Item] = []
        var totalCount: Int? = nil
        var failure: (any Error)? = nil
        package var calls: [String] = []
        package var lastSearch: SearchRequest? = nil
        var lastTrending: TrendingRequest? = nil
        var terms: [String] = []
        var tracked: [String] = []
        var trackingFailure: (any Error)? = nil
        var reported: ReportedCallsRemaining? = nil
    }

    private let state = Mutex(State())

    package init(items: [Item] = (0..<100).map { makeItem("id\($0)") }, totalCount: Int? = 100) {
        state.withLock {
            $0.items = items
            $0.totalCount = totalCount
        }
    }

    package var calls: [String] { state.withLock { $0.calls } }
    package var lastSearch: SearchRequest? { state.withLock { $0.lastSearch } }
    package var lastTrending: TrendingRequest? { state.withLock { $0.lastTrending } }

    package func fail(with error: (any Error)?) { state.withLock { $0.failure = error } }

    /// Ids whose download was tracked, in order.
    package var trackedDownloads: [String] { state.withLock { $0.tracked } }
    package func failTracking(with error: (any Error)?) { state.withLock { $0.trackingFailure = error } }

    /// What the upstream's rate-limit header is made to say.
    package func report(remaining: ReportedCallsRemaining?) { state.withLock { $0.reported = remaining } }
    package var reportedCallsRemaining: ReportedCallsRemaining? { state.withLock { $0.reported } }

    /// What autocomplete and trending searches answer.
    package func setTerms(_ terms: [String]) { state.withLock { $0.terms = terms } }

    package func setPage(_ items: [Item], totalCount: Int?) {
        state.withLock {
            $0.items = items
            $0.totalCount = totalCount
        }
    }

    private func record(_ call: String) throws -> State {
        try state.withLock { state in
            state.calls.append(call)
            if let failure = state.failure { throw failure }
            return state
        }
    }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        state.withLock { $0.lastSearch = request }
        let state = try record("search")
        return page(state, offset: request.offset, limit: request.limit)
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        state.withLock { $0.lastTrending = request }
        return page(try record("trending"), offset: request.offset, limit: request.limit)
    }

    package func item(id: String) async throws -> Item {
        let state = try record("gif")
        // Items of other providers carry our prefix ("unsplash:p1"); the upstream's own id comes in.
        guard let item = state.items.first(where: { $0.id == id || $0.id.hasSuffix(":" + id) }) else { throw UpstreamError.notFound }
        return item
    }

    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let state = try record(type == .gifs ? "random" : "\(type.rawValue)_random")
        guard let item = state.items.first else { throw UpstreamError.badResponse(reason: "empty") }
        return item
    }

    package func trackDownload(of item: Item) async throws {
        try state.withLock { state in
            state.calls.append("download")
            state.tracked.append(item.id)
            if let failure = state.trackingFailure { throw failure }
        }
    }

    package func searchSuggestions(for query: String, limit: Int) async throws -> [String] {
        Array(try record("search_tags").terms.prefix(limit))
    }

    package func trendingSearches() async throws -> [String] {
        try record("trending_searches").terms
    }

    private func page(_ state: State, offset: Int, limit: Int) -> UpstreamPage {
        let slice = Array(state.items.dropFirst(offset).prefix(limit))
        return UpstreamPage(items: slice, totalCount: state.totalCount, count: slice.count, offset: offset)
    }
}
