import Wire
import Model
import Foundation
import JSON
import Synchronization
import Primitives

/// What the gateway can cache: written with `JSONWriter`, read back by its own `init(json:)`.
package typealias CachedAnswerValue = JSONReadable & JSONWritable & Sendable

/// Every upstream call goes through here. It spends calls carefully: answers are cached (memory in
/// front of a store that outlives restarts), identical concurrent requests share one call, an
/// hourly budget can cap calls, and when the upstream fails a stored answer is served as stale.
package final class UpstreamGateway: Sendable {
    private let provider: any Provider
    private let store: (any ResponseCacheStore)?
    package let settings: GatewaySettings
    private let memory: MemoryCache
    let budget: CallBudget?
    let holdOff = UpstreamHoldOff()
    /// The keys the upstream lately said it has nothing for (`GatewaySettings.notFoundSeconds`).
    private let notFound: NotFoundMemory
    package let metrics: UpstreamMetrics
    /// The analytics links of the items passing through (fetched, or read from the store), for pingbacks.
    package let links = UpstreamLinkIndex()
    /// Where the writes made for later (cache, call log, and the backend's history and spotlight) fail quietly.
    package let bookkeeping: BookkeepingWrites
    let now: @Sendable () -> Date
    private let report: @Sendable (any Error) -> Void
    /// Told of every upstream call that failed, with the endpoint, so the log can say why.
    let callFailed: @Sendable (_ endpoint: String, _ error: any Error) -> Void
    /// Calls under way, by cache key: later identical requests wait for the same one.
    private let inflight = Mutex<[String: any Sendable]>([:])
    private let nextPurge = Mutex<Date>(.distantPast)

    package init(provider: any Provider, store: (any ResponseCacheStore)?, callLog: (any UpstreamCallLog)? = nil,
                settings: GatewaySettings = GatewaySettings(), metrics: UpstreamMetrics = UpstreamMetrics(),
                now: @escaping @Sendable () -> Date = { Date() }, report: @escaping @Sendable (any Error) -> Void = { _ in },
                bookkeeping: BookkeepingWrites? = nil,
                callFailed: @escaping @Sendable (_ endpoint: String, _ error: any Error) -> Void = { _, _ in }) {
        self.callFailed = callFailed
        self.provider = provider
        self.store = settings.cacheEnabled ? store : nil
        self.settings = settings
        self.memory = MemoryCache(capacity: settings.cacheEnabled ? settings.memoryEntries : 0)
        // Shared when several gateways write to one database, so one flush waits for all of them.
        let bookkeeping = bookkeeping ?? BookkeepingWrites(report: report, now: now)
        self.budget = settings.callsPerHour.map {
            CallBudget(limit: $0, share: settings.callsPerPayer, addressShare: settings.callsPerAddress, log: callLog, bookkeeping: bookkeeping)
        }
        self.notFound = NotFoundMemory(lifetime: settings.notFoundSeconds)
        self.bookkeeping = bookkeeping
        self.metrics = metrics
        self.now = now
        self.report = report
    }

    /// The page from memory when it holds it fresh; else the wait for the store or the upstream.
    /// `payer`: who a call made for it is charged to (`CallPayer`); nil for no one. Taken as an
    /// autoclosure: resolved only when a call may be made, not for an answer memory holds.
    package func search(_ request: SearchRequest, payer: @autoclosure () -> CallPayer? = nil) -> ReadyOrPending<Fetched<UpstreamPage>> {
        cached(key: CacheKey.search(request, upstream: settings.upstreamIdentity), endpoint: CacheKey.endpoint("search", request.type),
               payer: payer()) { [provider] in
            try await provider.search(request)
        }.map { fetched in fetched.map(\.value) }
    }

    package func trending(_ request: TrendingRequest, payer: @autoclosure () -> CallPayer? = nil) -> ReadyOrPending<Fetched<UpstreamPage>> {
        cached(key: CacheKey.trending(request, upstream: settings.upstreamIdentity), endpoint: CacheKey.endpoint("trending", request.type),
               payer: payer()) { [provider] in
            try await provider.trending(request)
        }.map { fetched in fetched.map(\.value) }
    }

    /// Autocomplete terms, cached and coalesced like pages. While calls left this hour are at most
    /// `reserve`, the upstream is not asked (a cached answer still serves): typing must not eat
    /// the budget that searches need.
    package func searchSuggestions(for query: String, limit: Int, reserve: Int = 0, payer: CallPayer? = nil) async throws -> Fetched<SearchTerms> {
        try await cached(key: settings.key(CacheKey.searchSuggestions(query, limit: limit)), endpoint: "search_tags", reserve: reserve,
                         payer: payer) { [provider] in
            SearchTerms(try await provider.searchSuggestions(for: query, limit: limit))
        }.value().map(\.value)
    }

    package func trendingSearches(payer: CallPayer? = nil) async throws -> Fetched<SearchTerms> {
        try await cached(key: settings.key(CacheKey.trendingSearches), endpoint: "trending_searches", payer: payer) { [provider] in
            SearchTerms(try await provider.trendingSearches())
        }.value().map(\.value)
    }

    /// The item from memory when it holds it fresh (memory's own, shared: not copied); else the
    /// wait for the store or the upstream. `payer` as for `search`.
    package func item(id: String, payer: @autoclosure () -> CallPayer? = nil) -> ReadyOrPending<Fetched<SharedBox<Item>>> {
        cached(key: CacheKey.item(id: id, upstream: settings.upstreamIdentity), endpoint: "gif", payer: payer()) { [provider] in
            try await provider.item(id: id)
        }
    }

    /// Never cached (each call should differ), but it counts against the budget. That there is
    /// nothing to pick (for a tag) is remembered as an unknown id is.
    package func random(tag: String?, rating: String?, type: MediaType = .gifs, payer: CallPayer? = nil) async throws -> Item {
        let key = settings.key(CacheKey.randomPool(tag: tag, rating: rating, type: type))
        if notFound.contains(key, now: now()) { throw UpstreamError.notFound }
        let item: Item
        do {
            item = try await spend(endpoint: CacheKey.endpoint("random", type), payer: payer) { [provider] in
                try await provider.random(tag: tag, rating: rating, type: type)
            }
        } catch UpstreamError.notFound {
            notFound.remember(key, now: now())
            throw UpstreamError.notFound
        }
        links.record([item])
        return item
    }

    /// Tells the upstream an item is being saved, when the item carries a download location
    /// (Unsplash's terms ask for it); nothing otherwise. Spends a call, charged to `payer`; a
    /// failure is counted and logged as any call's, and thrown.
    package func trackDownload(of item: Item, payer: CallPayer? = nil) async throws {
        guard let location = item.upstreamLinks?.downloadLocation, !location.isEmpty else { return }
        do {
            try await spend(endpoint: "download", payer: payer) { [provider] in try await provider.trackDownload(of: item) }
        } catch let exhausted as BudgetExhausted {
            metrics.recordCall(endpoint: "download", outcome: "budget_exhausted")
            callFailed("download", exhausted)
            throw exhausted
        }
    }

    /// The hourly budget's size, when there is one.
    package var budgetLimit: Int? { budget?.limit }

    /// Calls left in the current hour: the budget's, never more than the upstream last said it
    /// allows; nil when neither is known.
    package var budgetRemaining: Int? {
        let current = now()
        let reported = reportedRemaining(at: current)
        guard let own = budget?.remaining(now: current) else { return reported }
        return min(own, reported ?? own)
    }

    /// What the upstream said it allows, within the hour it was said.
    func reportedRemaining(at current: Date) -> Int? {
        guard let reported = provider.reportedCallsRemaining else { return nil }
        let age = current.timeIntervalSince(reported.at)
        return age >= 0 && age < CallBudget.window ? max(0, reported.calls) : nil
    }

    // MARK: - Cache, coalescing, stale

    private typealias Stored<T> = (value: T, storedAt: Date)

    /// A fresh answer in memory is answered at once (counted as a hit), before anything for a call
    /// is made (the payer and the call's closure are made after this; most answers are hits).
    /// Otherwise the wait: for the call, but no longer than `slowUpstreamWait` from the call's
    /// start when an answer it may serve as stale is at hand (in memory, or read from the store by
    /// the call meanwhile): then it gets that one while the call goes on and refreshes the cache.
    /// `key`: the request's key as this upstream's (`settings.key`).
    @inline(__always)
    private func cached<T: CachedAnswerValue>(key: String, endpoint: String, reserve: Int = 0, payer: @autoclosure () -> CallPayer?,
                                               call: @autoclosure () -> @Sendable () async throws -> T) -> ReadyOrPending<Fetched<SharedBox<T>>> {
        if settings.cacheEnabled, let hit: Fetched<SharedBox<T>> = inMemory(key, now: now()), hit.status == .hit {
            metrics.recordCache(.hit)
            return .ready(hit)
        }
        let (payer, call) = (payer(), call())
        return .pending { [self] in try await fetch(key: key, endpoint: endpoint, reserve: reserve, payer: payer, call: call).map(SharedBox.init) }
    }

    /// `cached`'s wait: the store, then the call shared with identical requests.
    private func fetch<T: CachedAnswerValue>(key: String, endpoint: String, reserve: Int, payer: CallPayer?,
                                              call: @escaping @Sendable () async throws -> T) async throws -> Fetched<T> {
        let requestedAt = now()
        if notFound.contains(key, now: requestedAt) { throw UpstreamError.notFound }
        var joined = shared(key: key, endpoint: endpoint, reserve: reserve, payer: payer, call: call)
        let fetched: Fetched<T>
        do {
            fetched = try await awaitShared(joined, key: key, requestedAt: requestedAt)
        } catch let spent as UpstreamShareSpent where spent.payer != payer?.key {
            // Coalesced onto the call of a client past its share: this request was not refused,
            // so it asks again, as its own (or joins another's call).
            joined = shared(key: key, endpoint: endpoint, reserve: reserve, payer: payer, call: call)
            fetched = try await awaitShared(joined, key: key, requestedAt: requestedAt)
        }
        metrics.recordCache(fetched.status)
        return fetched
    }

    /// The shared call's answer, or a stale one once it has taken `slowUpstreamWait`.
    private func awaitShared<T: CachedAnswerValue>(_ joined: SharedCall<T>, key: String, requestedAt: Date) async throws -> Fetched<T> {
        var fetched = if settings.cacheEnabled {
            // Only an answer kept before this request: one stored since is the call's own, which
            // finished as the deadline came, and is answered as what it is (a miss), not as stale.
            try await FirstOf.value(of: joined.task, orAt: joined.startedAt.advanced(by: settings.slowUpstreamWait)) { [self] () -> Fetched<T>? in
                inMemory(key, now: now(), storedBefore: requestedAt)?.map(\.value)
            }
        } else {
            try await joined.task.value
        }
        if fetched.status == .miss { fetched.sharedCall = joined.company.hasJoiners }
        return fetched
    }

    private typealias SharedCall<T: Sendable> = (task: Task<Fetched<T>, any Error>, startedAt: ContinuousClock.Instant, company: CallCompany)

    private struct Inflight<T: Sendable>: Sendable {
        let task: Task<Fetched<T>, any Error>
        let startedAt: ContinuousClock.Instant
        let company = CallCompany()
    }

    /// Identical requests share one task, which reads the store and, if need be, calls the
    /// upstream; it leaves the map when done.
    private func shared<T: CachedAnswerValue>(key: String, endpoint: String, reserve: Int, payer: CallPayer?,
                                               call: @escaping @Sendable () async throws -> T) -> SharedCall<T> {
        let running = inflight.withLock { tasks -> Inflight<T> in
            if let running = tasks[key] as? Inflight<T> {
                running.company.join()
                return running
            }
            // On the requester's executor (its event loop's) when it has one: the call's answer is
            // read and mapped there, and the requester resumes there, with no hop to Swift's pool
            // and back. Unstructured all the same: the call outlives a requester that gives up.
            let task = Task(executorPreference: RequestExecutor.preferred) {
                // The entry is in the map before this can run: the map's lock is held while it is added.
                defer { self.inflight.withLock { _ = $0.removeValue(forKey: key) } }
                return try await self.load(key: key, endpoint: endpoint, reserve: reserve, payer: payer, call: call)
            }
            let running = Inflight(task: task, startedAt: .now)
            tasks[key] = running
            return running
        }
        return (running.task, running.startedAt, running.company)
    }

    /// The answer in memory, shared (not copied): a hit while fresh, else stale while it may be
    /// served as such; nil when there is none (or it is older than that).
    /// `storedBefore`: an entry stored at or after it is not taken.
    func inMemory<T: CachedAnswerValue>(_ key: String, now start: Date, storedBefore: Date = .distantFuture) -> Fetched<SharedBox<T>>? {
        guard let (entry, touchStore) = memory.entry(key, now: start, touchStoreAfter: 60), let value = entry.value as? SharedBox<T>,
              entry.storedAt < storedBefore else { return nil }
        let age = start.timeIntervalSince(entry.storedAt)
        if isFresh(entry.storedAt, start) {
            if touchStore, let store {
                // Keeps a hot entry from being evicted from the store while memory serves it.
                bookkeeping.later(.responseCache) { try await store.touch(key: key, at: start) }
            }
            return Fetched(value, status: .hit, age: Self.age(entry.storedAt, start), answerID: entry.id, freshFor: freshFor)
        }
        guard age >= 0, age <= settings.staleSeconds else { return nil }
        return Fetched(value, status: .stale, age: Self.age(entry.storedAt, start), freshFor: freshFor)
    }

    private func load<T: CachedAnswerValue>(key: String, endpoint: String, reserve: Int, payer: CallPayer?,
                                             call: @Sendable () async throws -> T) async throws -> Fetched<T> {
        let start = now()
        let stored: Stored<T>? = settings.cacheEnabled ? await lookup(key, now: start) : nil
        if let stored, isFresh(stored.storedAt, start) {
            return Fetched(stored.value, status: .hit, age: Self.age(stored.storedAt, start), freshFor: freshFor)
        }
        return try await refresh(key: key, endpoint: endpoint, stored: stored, reserve: reserve, payer: payer, call: call)
    }

    /// How long an answer stays fresh here, told with every answer (`Fetched.freshFor`).
    private var freshFor: Double { settings.cacheEnabled ? settings.freshSeconds : 0 }

    /// An answer stored "in the future" (the clock went back) is neither fresh nor servable as stale.
    private func isFresh(_ storedAt: Date, _ now: Date) -> Bool {
        let age = now.timeIntervalSince(storedAt)
        return age >= 0 && age < settings.freshSeconds
    }

    /// One upstream call for `key`; on failure, the stored answer if it is not too old.
    private func refresh<T: CachedAnswerValue>(key: String, endpoint: String, stored: Stored<T>?, reserve: Int, payer: CallPayer?,
                                                call: @Sendable () async throws -> T) async throws -> Fetched<T> {
        do {
            let value = try await spend(endpoint: endpoint, reserve: reserve, payer: payer, call: call)
            // Named like a kept answer (by its cache entry's id, else a new one), so the requests
            // that joined this call (`Fetched.sharedCall`) reuse what is written from it.
            let id = remember(key, value: value) ?? MemoryCache.newID()
            return Fetched(value, status: .miss, age: 0, answerID: id, freshFor: freshFor)
        } catch UpstreamError.notFound {
            // Not served stale (the item is gone), and remembered: asking again costs no call.
            notFound.remember(key, now: now())
            throw UpstreamError.notFound
        } catch let error as UpstreamError {
            return try serveStale(stored, instead: error)
        } catch let error as BudgetExhausted {
            return try serveStale(stored, instead: error)
        } catch let error as UpstreamShareSpent {
            return try serveStale(stored, instead: error)
        } catch let error as UpstreamHeldOff {
            return try serveStale(stored, instead: error)
        }
    }

    private func serveStale<T>(_ stored: Stored<T>?, instead error: any Error) throws -> Fetched<T> {
        let current = now()
        let age = stored.map { current.timeIntervalSince($0.storedAt) } ?? -1
        guard let stored, age >= 0, age <= settings.staleSeconds else { throw error }
        return Fetched(stored.value, status: .stale, age: Self.age(stored.storedAt, current), freshFor: freshFor)
    }

    private func lookup<T: CachedAnswerValue>(_ key: String, now: Date) async -> Stored<T>? {
        if let (entry, _) = memory.entry(key, now: now, touchStoreAfter: .infinity), let kept = entry.value as? SharedBox<T> {
            return (kept.value, entry.storedAt)
        }
        guard let store else { return nil }
        let answer: CachedAnswer
        do {
            guard let stored = try await store.answer(for: key) else { return nil }
            answer = stored
        } catch {
            // A cache that cannot be read is a miss, not a failure of the request.
            report(error)
            return nil
        }
        do {
            let value = try T(jsonBytes: answer.value)
            links.recordItems(of: value)
            memory.insert(key, value: SharedBox(value), storedAt: answer.storedAt, now: now)
            bookkeeping.later(.responseCache) { try await store.touch(key: key, at: now) }
            return (value, answer.storedAt)
        } catch {
            // An answer this build cannot read back (or page: `UpstreamPage`) is never served, not
            // even stale; it is deleted so that it is not read again.
            report(UnreadableCachedAnswer(key: key, underlying: error))
            bookkeeping.later(.responseCache) { try await store.remove(key: key) }
            return nil
        }
    }

    /// The id of the memory cache's entry for `value`; nil when it is not kept there.
    private func remember<T: CachedAnswerValue>(_ key: String, value: T) -> UInt64? {
        links.recordItems(of: value)
        guard settings.cacheEnabled else { return nil }
        let current = now()
        let id = memory.insert(key, value: SharedBox(value), storedAt: current, now: current)
        guard let store else { return id }
        // Encoded now (the value is at hand), written after the answer; memory serves it meanwhile.
        let data = Data(value.jsonBytes())
        bookkeeping.later(.responseCache) { [self] in
            try await store.store(CachedAnswer(key: key, value: data, storedAt: current), maxEntries: settings.maxEntries)
            let purgeDue = nextPurge.withLock { due -> Bool in
                guard current >= due else { return false }
                due = current.addingTimeInterval(60)
                return true
            }
            if purgeDue {
                try await store.purge(storedBefore: current.addingTimeInterval(-settings.staleSeconds))
            }
        }
        return id
    }

    private static func age(_ storedAt: Date, _ now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(storedAt)))
    }
}
