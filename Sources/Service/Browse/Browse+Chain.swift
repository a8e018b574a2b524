import Gateway
import Model
import Primitives

/// A page from a chain of providers (`ProviderChain`): the first provider's answer when it gives
/// one, else the next's, in order. A provider that fails (held off after failures, its key
/// refused, rate limited, out of budget, down, too slow) is passed over; one that answers only
/// from its stale store is passed over too, and its stale page is served when no later provider
/// answers fresh. When every one fails, the first's failure is the answer's.
extension Browse {
    /// Called when the first provider's answer is pending and there are others. `payer` is
    /// resolved: a call may be made. `fits`: whether a later provider can take the query as
    /// checked against the first's rules; `asking`: its answer.
    func chainAnswer(_ firstAnswer: ReadyOrPending<Fetched<UpstreamPage>>, of chain: ProviderChain, page: PageRequest,
                     endpoint: PageEndpoint, rating asked: Rating?, recording words: SearchWords?, for install: InstallID?,
                     payer: CallPayer?, fits: (ProviderRules) -> Bool,
                     asking: @escaping @Sendable (ProviderGateway, CallPayer?) -> ReadyOrPending<Fetched<UpstreamPage>>)
        -> ReadyOrPending<Fetched<PageAnswer>> {
        let fallbacks = chain.fallbacks.filter { fits($0.rules) }
        let first = chain.first
        return .pending { [self] in
            try await errors.translating(upstream: first.rules.naming) {
                let (provider, fetched) = try await Self.firstAnswering(firstAnswer, from: first, then: fallbacks) { asking($0, payer) }
                if let words, let install { history.recordLater(words.text, install: install) }
                return answer(fetched, page: page, provider: provider, rating: provider.rating(asked: asked, default: defaultRating),
                              lastOffset: endpoint.offsets(provider.rules).upperBound,
                              favorites: try await favorites.markings(install: install).value())
            }
        }
    }

    /// The first fresh answer in order, with the provider that gave it; else the first stale
    /// one; else the first provider's failure. Each provider passed over is counted in its
    /// metrics. A cancelled wait is not a failure to pass over.
    static func firstAnswering<Value: Sendable>(_ firstAnswer: ReadyOrPending<Fetched<Value>>, from first: ProviderGateway,
                                                then fallbacks: [ProviderGateway],
                                                asking: (ProviderGateway) -> ReadyOrPending<Fetched<Value>>)
        async throws -> (ProviderGateway, Fetched<Value>) {
        var firstFailure: (any Error)?
        var stale: (ProviderGateway, Fetched<Value>)?
        var provider = first
        var answer = firstAnswer
        var next = fallbacks.makeIterator()
        while true {
            do {
                let fetched = try await answer.value()
                if !fetched.isStale { return (provider, fetched) }
                if stale == nil { stale = (provider, fetched) }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
            guard let following = next.next() else { break }
            provider.gateway.metrics.recordPassedOver()
            provider = following
            answer = asking(following)
        }
        if let stale { return stale }
        throw firstFailure ?? CancellationError()
    }
}

/// Which of a provider's page endpoints a page comes from: each has its own offsets.
enum PageEndpoint: Sendable {
    case search
    case trending

    func offsets(_ rules: ProviderRules) -> ClosedRange<Int> {
        switch self {
        case .search: rules.searchOffsetRange
        case .trending: rules.trendingOffsetRange
        }
    }
}

extension ProviderRules {
    /// Whether these rules take a page query checked against another provider's: its limit,
    /// offset (in `offsets`, a whole page when these page by number), type and order.
    func accepts(page: PageRequest, offsets: ClosedRange<Int>, type: MediaType, order: String?, orders: [String]) -> Bool {
        limitRange.contains(page.limit) && offsets.contains(page.offset)
            && (!offsetsAreWholePages || page.offset % page.limit == 0)
            && (mediaTypes.isEmpty ? type == .default : mediaTypes.contains(type))
            && (order.map(orders.contains) ?? true)
    }

    func accepts(_ query: SearchQuery) -> Bool {
        accepts(page: query.page, offsets: searchOffsetRange, type: query.type, order: query.order, orders: searchOrders)
    }

    func accepts(_ query: TrendingQuery) -> Bool {
        accepts(page: query.page, offsets: trendingOffsetRange, type: query.type, order: query.order, orders: trendingOrders)
    }
}
