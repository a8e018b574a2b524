import Gateway
import Model
import JSON
import Foundation

/// One GIF that changes every `interval`, optionally drawn from a tag. The pick and its time are
/// stored; when it is time to change and the upstream fails, the old pick stays, marked stale, and
/// the next request tries again. Requests arriving while a pick is being made wait for that one
/// (an actor alone would not do: it runs other requests while one awaits the upstream). Picks are
/// asked for within the content ceiling, and one rated above it (new, or stored before the
/// ceiling was lowered) is never shown: it counts as no pick.
package actor SpotlightService {
    private let gateway: UpstreamGateway
    private let store: any SpotlightStore
    private let interval: Double
    private let rating: Rating
    private let ceiling: ContentCeiling
    /// Whether the upstream rates its items, so the ceiling applies to them (`ProviderRules.ratesItems`).
    private let ratesItems: Bool
    private let now: @Sendable () -> Date

    private struct Pick {
        let item: Item
        let changesAt: Date
    }

    /// The current pick per key, read from the store at most once. Tags come from requests, so
    /// at most `rememberedPicks` are kept: past that, the one changing soonest is forgotten (the
    /// store still has it).
    private var picks: [String: Pick] = [:]
    static let rememberedPicks = 256
    /// A pick being made (or read) per key.
    private var pending: [String: Task<Spotlight, any Error>] = [:]

    /// Picks whose change time is older than this are deleted when another is saved.
    static let forgetAfterSeconds: Double = 86_400

    package init(gateway: UpstreamGateway, store: any SpotlightStore, intervalSeconds: Double, rating: Rating,
                ceiling: ContentCeiling = .none, ratesItems: Bool = false, now: @escaping @Sendable () -> Date = { Date() }) {
        self.gateway = gateway
        self.store = store
        self.interval = intervalSeconds
        self.rating = ceiling.rating(asked: nil, default: rating, ratesItems: ratesItems)
        self.ceiling = ceiling
        self.ratesItems = ratesItems
        self.now = now
    }

    /// Throws the upstream's error only when there is no pick at all yet. The call a new pick
    /// makes is charged to `payer`: the request that found the pick due pays for it; those that
    /// wait for it meanwhile pay nothing.
    package func current(tag: String?, payer: CallPayer? = nil) async throws -> Spotlight {
        // The pick belongs to the upstream that made it, as cached answers do.
        let key = gateway.settings.key(tag.flatMap(SearchHistoryService.normalize)?.lowercased() ?? "")
        let current = now()
        if let pick = picks[key], !isDue(pick, at: current) {
            return Spotlight(item: pick.item, changesAt: pick.changesAt, secondsLeft: Self.secondsLeft(until: pick.changesAt, from: current),
                             stale: nil, pickedNow: false)
        }
        if let running = pending[key] {
            do {
                return try await running.value
            } catch let spent as UpstreamShareSpent where spent.payer != payer?.key {
                // The pick of a client past its share: this request was not refused, so it asks
                // as its own (the refused pick is not joined again).
                if pending[key] == running { pending[key] = nil }
            }
        }
        let task = Task { try await self.resolve(key: key, tag: tag, payer: payer) }
        pending[key] = task
        defer { if pending[key] == task { pending[key] = nil } }
        return try await task.value
    }

    /// Reads the stored pick if memory has none (or, with a store other instances share, if the
    /// remembered one is due: another instance may have picked the next); if it is due, asks the
    /// upstream for a new one.
    private func resolve(key: String, tag: String?, payer: CallPayer?) async throws -> Spotlight {
        let remembered = picks[key]
        if remembered == nil || (store.isShared && remembered.map { isDue($0, at: now()) } == true),
           let stored = try await store.pick(for: key), stored.changesAt > (remembered?.changesAt ?? .distantPast),
           let item = try? Item(jsonBytes: stored.item), admits(item) {
            remember(Pick(item: item, changesAt: stored.changesAt), for: key)
        }
        let current = now()
        if let pick = picks[key], !isDue(pick, at: current) {
            return Spotlight(item: pick.item, changesAt: pick.changesAt, secondsLeft: Self.secondsLeft(until: pick.changesAt, from: current),
                             stale: nil, pickedNow: false)
        }
        let item: Item
        do {
            item = try await gateway.random(tag: tag, rating: rating.rawValue, payer: payer)
            // Above the ceiling, the upstream gave nothing this server shows.
            guard admits(item) else { throw UpstreamError.notFound }
        } catch let error where error is UpstreamError || error is BudgetExhausted || error is UpstreamHeldOff || error is UpstreamShareSpent {
            guard let old = picks[key] else { throw error }
            return Spotlight(item: old.item, changesAt: old.changesAt, secondsLeft: 0, stale: true, pickedNow: false)
        }
        var snapshot = item
        snapshot.isFavorite = nil
        let changesAt = current.addingTimeInterval(interval)
        let stored = StoredSpotlight(key: key, item: Data(snapshot.jsonBytes()), pickedAt: current, changesAt: changesAt)
        let forgetBefore = current.addingTimeInterval(-Self.forgetAfterSeconds)
        if store.isShared, let holding = try? await store.claim(stored, forgettingChangedBefore: forgetBefore),
           holding.pickedAt != stored.pickedAt || holding.item != stored.item,
           let claimed = try? Item(jsonBytes: holding.item), admits(claimed) {
            // Another instance claimed the next pick first: this one shows it too.
            remember(Pick(item: claimed, changesAt: holding.changesAt), for: key)
            return Spotlight(item: claimed, changesAt: holding.changesAt, secondsLeft: Self.secondsLeft(until: holding.changesAt, from: current),
                             stale: nil, pickedNow: false)
        }
        if !store.isShared {
            // Bookkeeping, saved after the answer: memory serves the pick meanwhile, and still does
            // (until it changes) if it cannot be saved.
            gateway.bookkeeping.later(.spotlight) { [store] in
                try await store.save(stored, forgettingChangedBefore: forgetBefore)
            }
        }
        remember(Pick(item: snapshot, changesAt: changesAt), for: key)
        return Spotlight(item: item, changesAt: changesAt, secondsLeft: Self.secondsLeft(until: changesAt, from: current), stale: nil,
                         pickedNow: true)
    }

    private func admits(_ item: Item) -> Bool {
        ceiling.admits(item, ratesItems: ratesItems)
    }

    private func remember(_ pick: Pick, for key: String) {
        picks[key] = pick
        if picks.count > Self.rememberedPicks,
           let soonest = picks.min(by: { $0.value.changesAt < $1.value.changesAt })?.key {
            picks[soonest] = nil
        }
    }

    /// How many picks are in memory (for tests).
    var rememberedPickCount: Int { picks.count }

    /// Due when its time has come, or when it claims to change further ahead than one interval
    /// (the clock went back), so a skewed pick cannot stay for good.
    private func isDue(_ pick: Pick, at current: Date) -> Bool {
        current >= pick.changesAt || pick.changesAt.timeIntervalSince(current) > interval
    }

    private static func secondsLeft(until date: Date, from now: Date) -> Int {
        max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}
