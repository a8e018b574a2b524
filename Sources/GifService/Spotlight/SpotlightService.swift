import Foundation

/// One GIF that changes every `interval`, optionally drawn from a tag. The pick and its time are
/// stored; when it is time to change and the upstream fails, the old pick stays, marked stale, and
/// the next request tries again. An actor, so requests at the moment of change make one call.
public actor SpotlightService {
    private let gateway: UpstreamGateway
    private let store: any SpotlightStore
    private let interval: Double
    private let rating: String
    private let now: @Sendable () -> Date

    public init(gateway: UpstreamGateway, store: any SpotlightStore, intervalSeconds: Double, rating: String,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.gateway = gateway
        self.store = store
        self.interval = intervalSeconds
        self.rating = rating
        self.now = now
    }

    /// Throws the upstream's error only when there is no pick at all yet.
    public func current(tag: String?) async throws -> Spotlight {
        let key = tag?.lowercased() ?? ""
        let current = now()
        let stored = try await store.pick(for: key)
        let storedGIF = stored.flatMap { try? JSONDecoder().decode(GIF.self, from: $0.gif) }
        if let stored, let storedGIF, current < stored.changesAt {
            return Spotlight(gif: storedGIF, changesAt: stored.changesAt, secondsLeft: Self.secondsLeft(until: stored.changesAt, from: current),
                             stale: nil, pickedNow: false)
        }
        let gif: GIF
        do {
            gif = try await gateway.random(tag: tag, rating: rating)
        } catch let error where error is UpstreamError || error is BudgetExhausted {
            guard let stored, let storedGIF else { throw error }
            return Spotlight(gif: storedGIF, changesAt: stored.changesAt, secondsLeft: 0, stale: true, pickedNow: false)
        }
        var snapshot = gif
        snapshot.isFavorite = nil
        let changesAt = current.addingTimeInterval(interval)
        try await store.save(StoredSpotlight(key: key, gif: try JSONEncoder().encode(snapshot), pickedAt: current, changesAt: changesAt))
        return Spotlight(gif: gif, changesAt: changesAt, secondsLeft: Self.secondsLeft(until: changesAt, from: current), stale: nil,
                         pickedNow: true)
    }

    private static func secondsLeft(until date: Date, from now: Date) -> Int {
        max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}
