import Gateway
import Model
import Foundation
import Synchronization

/// Analytics events turned into pingbacks in the background: `record` only queues (a response
/// never waits), a worker sends them in batches, retrying each failure once. The queue is
/// bounded: when full, the oldest event is dropped and counted. Nothing here spends the upstream
/// budget: the links come from what the server holds, never from an upstream call.
package final class AnalyticsPingbacks: Sendable {
    /// An item's pingback links that the index has lost, from what the server keeps for the
    /// install (its favorites).
    package typealias LinkLookup = @Sendable (_ id: String, _ install: InstallID?) async -> UpstreamLinks?

    struct Event: Sendable {
        let action: AnalyticsAction
        let id: String
        let at: Date
        /// Whose event: the upstream is told the install's identity (GIPHY's `random_id`).
        let install: InstallID?
    }

    private struct State {
        var queue: [Event] = []
        var working = false
        var counts = PingbackCounts()
    }

    package let settings: PingbackSettings
    private let channel: (any PingbackChannel)?
    private let index: UpstreamLinkIndex
    private let lookup: LinkLookup
    private let state = Mutex(State())

    package init(channel: (any PingbackChannel)?, index: UpstreamLinkIndex, settings: PingbackSettings = PingbackSettings(),
                lookup: @escaping LinkLookup = { _, _ in nil }) {
        self.channel = channel
        self.index = index
        self.settings = settings
        self.lookup = lookup
    }

    /// Off: nothing is sent, every event counts as disabled.
    package static func disabled() -> AnalyticsPingbacks {
        AnalyticsPingbacks(channel: nil, index: UpstreamLinkIndex(capacity: 0), settings: PingbackSettings(enabled: false))
    }

    package var counts: PingbackCounts { state.withLock { $0.counts } }

    /// Queues one event per id (at once, never waiting for a send) and wakes the worker.
    package func record(_ action: AnalyticsAction, ids: [String], install: InstallID?, at date: Date = Date()) {
        let startWorker = state.withLock { state -> Bool in
            guard settings.enabled, channel != nil else {
                state.counts.disabled += ids.count
                return false
            }
            for id in ids {
                if state.queue.count >= settings.queueCapacity {
                    state.queue.removeFirst()
                    state.counts.dropped += 1
                }
                state.queue.append(Event(action: action, id: id, at: date, install: install))
            }
            guard !state.working, !state.queue.isEmpty else { return false }
            state.working = true
            return true
        }
        if startWorker { Task.detached { await self.work() } }
    }

    /// Waits until the queue is sent or `deadline` passes (shutdown, tests); what is left is not sent.
    package func flush(within deadline: Duration) async {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        while clock.now < end, state.withLock({ $0.working || !$0.queue.isEmpty }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Takes batches until the queue is empty; the flag is cleared under the same lock that finds it empty.
    private func work() async {
        while true {
            let batch = state.withLock { state -> [Event] in
                let batch = Array(state.queue.prefix(settings.batchSize))
                state.queue.removeFirst(batch.count)
                if batch.isEmpty { state.working = false }
                return batch
            }
            if batch.isEmpty { return }
            await withTaskGroup(of: Void.self) { group in
                for event in batch { group.addTask { await self.send(event) } }
            }
        }
    }

    private func send(_ event: Event) async {
        guard let channel, let url = await links(for: event.id, install: event.install).flatMap(event.action.pingbackURL(in:)) else {
            state.withLock { $0.counts.noLinks += 1 }
            return
        }
        do {
            try await channel.ping(url, at: event.at, install: event.install)
            state.withLock { $0.counts.sent += 1 }
            return
        } catch {
            state.withLock { $0.counts.retried += 1 }
        }
        try? await Task.sleep(for: settings.retryDelay)
        do {
            try await channel.ping(url, at: event.at, install: event.install)
            state.withLock { $0.counts.sent += 1 }
        } catch {
            state.withLock { $0.counts.failed += 1 }
        }
    }

    private func links(for id: String, install: InstallID?) async -> UpstreamLinks? {
        if let links = index.links(for: id) { return links }
        return await lookup(id, install)
    }
}
