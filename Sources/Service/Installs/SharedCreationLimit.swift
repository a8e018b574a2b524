import Model
import Foundation
import Synchronization

/// The server's installs an hour, handed out in fair shares so that a few networks cannot spend
/// them for everyone. A token bucket as `CreationLimit`'s (`perHour` at once, then one every
/// 3600/`perHour` seconds); and a network, or the wider block it is in, may take one only while
/// the installs it made lately (its `FadingCounts` count, mean life an hour) are below its share
/// of what the server has left. So:
/// - a network that made none lately gets an install whenever the server has one left;
/// - k networks at their share s leave about 1/(1 + k·s) of the server's installs when they
///   take all they may together, and about 1/(k·s) of them however long they go on (each takes
///   again only as its count fades): 18 networks at 10 % leave 36 %, then 56 %;
/// - networks asking one after another (each taking s of what the ones before it left) spend the
///   stock between about 55 of them at 10 %, but then none takes again until its count fades
///   below its share of a nearly empty server: the refills go to networks that made none lately.
///   Keeping the server at `left` or below takes about perHour / (s · left) networks.
final class SharedCreationLimit: Sendable {
    /// Installs a network's or a block's count stands for: those of about the last hour.
    static let memory: TimeInterval = 3600

    private struct State {
        /// Installs the server has left, and when that was last refilled.
        var left: Double
        var updated: Date
        var networks: FadingCounts
        var blocks: FadingCounts
    }

    let perHour: Int
    /// The fraction of what is left one network, and one block, may hold; nil: no share.
    private let networkShare: Double?
    private let blockShare: Double?
    private let state: Mutex<State>

    /// `capacity`: networks (and blocks) remembered.
    init(perHour: Int, networkSharePercent: Int?, blockSharePercent: Int?, capacity: Int) {
        self.perHour = max(1, perHour)
        networkShare = networkSharePercent.map { Double(min(100, max(1, $0))) / 100 }
        blockShare = blockSharePercent.map { Double(min(100, max(1, $0))) / 100 }
        state = Mutex(State(left: Double(self.perHour), updated: .distantPast,
                            networks: FadingCounts(meanLife: Self.memory, capacity: capacity),
                            blocks: FadingCounts(meanLife: Self.memory, capacity: capacity)))
    }

    private var perSecond: Double { Double(perHour) / 3600 }

    /// Takes one of the server's installs for `client`: nil when allowed, else what refused (the
    /// server, its network's share or its block's) and the seconds until it would allow one.
    func take(_ client: InstallClient, now: Date) -> (scope: CreationScope, retryAfterSeconds: Int)? {
        state.withLock { state in
            refill(&state, now: now)
            guard state.left >= 1 else {
                return (.server, max(1, Int(((1 - state.left) / perSecond).rounded(.up))))
            }
            // Checked and counted under one lock: requests racing from one network cannot all
            // pass the check before any is counted.
            if let share = networkShare, let wait = wait(state.networks, client.network, share * state.left, now) {
                return (.networkShare, wait)
            }
            if let share = blockShare, let wait = wait(state.blocks, client.block, share * state.left, now) {
                return (.blockShare, wait)
            }
            state.left -= 1
            state.networks.add(to: client.network, now: now)
            state.blocks.add(to: client.block, now: now)
            return nil
        }
    }

    /// Networks and blocks remembered, for the tests of the memory bound.
    var rememberedKeys: (networks: Int, blocks: Int) {
        state.withLock { ($0.networks.rememberedKeys, $0.blocks.rememberedKeys) }
    }

    /// Nil when `key`'s count is below `level`, else the seconds until it fades below it if the
    /// server gets nothing back meanwhile (as while a flood takes every refill), at most an hour.
    private func wait(_ counts: FadingCounts, _ key: String, _ level: Double, _ now: Date) -> Int? {
        guard let seconds = counts.secondsUntil(key, isBelow: level, now: now) else { return nil }
        return max(1, Int(min(3600, seconds.rounded(.up))))
    }

    private func refill(_ state: inout State, now: Date) {
        // A clock that went back refills nothing.
        let elapsed = max(0, now.timeIntervalSince(state.updated))
        state.left = min(Double(perHour), state.left + elapsed * perSecond)
        state.updated = max(now, state.updated)
    }
}
