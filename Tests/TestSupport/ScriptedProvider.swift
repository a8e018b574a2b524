import Foundation
import Service
import Model
import Synchronization

/// A Provider for service and API tests: answers from a fixed list, or fails as told, and counts calls.
public final class ScriptedProvider: Provider {
    private struct State {
        var items: [Item] = []
        var totalCount: Int? = nil
        var failure: (any Error)? = nil
        public var calls: [String] = []
        public var lastSearch: SearchRequest? = nil
        var lastTrending: TrendingRequest? = nil
        var terms: [String] = []
        var tracked: [String] = []
        var trackingFailure: (any Error)? = nil
        var reported: ReportedCallsRemaining? = nil
    }

    private let state = Mutex(State())

    public init(items: [Item] = (0..<100).map { makeItem("id\($0)") }, totalCount: Int? = 100) {
        state.withLock {
            $0.items = items
            $0.totalCount = totalCount
        }
    }

    public var calls: [String] { state.withLock { $0.calls } }
    public var lastSearch: SearchRequest? { state.withLock { $0.lastSearch } }
    public var lastTrending: TrendingRequest? { state.withLock { $0.lastTrending } }

    public func fail(with error: (any Error)?) { state.withLock { $0.failure = error } }

    /// Ids whose download was tracked, in order.
    public var trackedDownloads: [String] { state.withLock { $0.tracked } }
    public func failTracking(with error: (any Error)?) { state.withLock { $0.trackingFailure = error } }

    /// What the upstream's rate-limit header is made to say.
    public func report(remaining: ReportedCallsRemaining?) { state.withLock { $0.reported = remaining } }
    public var reportedCallsRemaining: ReportedCallsRemaining? { state.withLock { $0.reported } }

    /// What autocomplete and trending searches answer.
    public func setTerms(_ terms: [String]) { state.withLock { $0.terms = terms } }

    public func setPage(_ items: [Item], totalCount: Int?) {
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

    public func search(_ request: SearchRequest) async throws -> UpstreamPage {
        state.withLock { $0.lastSearch = request }
        let state = try record("search")
        return page(state, offset: request.offset, limit: request.limit)
    }

    public func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        state.withLock { $0.lastTrending = request }
        return page(try record("trending"), offset: request.offset, limit: request.limit)
    }

    public func item(id: String) async throws -> Item {
        let state = try record("gif")
        // Items of other providers carry our prefix ("unsplash:p1"); the upstream's own id comes in.
        guard let item = state.items.first(where: { $0.id == id || $0.id.hasSuffix(":" + id) }) else { throw UpstreamError.notFound }
        return item
    }

    public func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let state = try record(type == .gifs ? "random" : "\(type.rawValue)_random")
        guard let item = state.items.first else { throw UpstreamError.badResponse(reason: "empty") }
        return item
    }

    public func trackDownload(of item: Item) async throws {
        try state.withLock { state in
            state.calls.append("download")
            state.tracked.append(item.id)
            if let failure = state.trackingFailure { throw failure }
        }
    }

    public func searchSuggestions(for query: String, limit: Int) async throws -> [String] {
        Array(try record("search_tags").terms.prefix(limit))
    }

    public func trendingSearches() async throws -> [String] {
        try record("trending_searches").terms
    }

    private func page(_ state: State, offset: Int, limit: Int) -> UpstreamPage {
        let slice = Array(state.items.dropFirst(offset).prefix(limit))
        return UpstreamPage(items: slice, totalCount: state.totalCount, count: slice.count, offset: offset)
    }
}
