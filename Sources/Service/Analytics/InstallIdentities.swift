import Model
import Primitives
import Foundation
import Synchronization

/// Where each install's upstream identity (GIPHY's `random_id`) is kept, so it survives restarts.
package protocol InstallIdentityStore: Sendable {
    func identity(named name: String, install: InstallID) async throws -> String?
    /// Does nothing for an install that does not exist (deleted meanwhile).
    func saveIdentity(_ value: String, named name: String, install: InstallID) async throws
}

/// One id per install from the upstream (GIPHY's `/v1/randomid`: GIPHY means it per user),
/// fetched lazily the first time a pingback of that install needs it, then kept in the store. A
/// failed fetch is retried on a later need, not before `retryInterval`; nothing that needs the id
/// ever fails for want of it. Searches only read it (`known`): a fetch of theirs would race their
/// own call for the upstream's attention. At most `capacity` installs are held in memory (the
/// least recently stored go first, `BoundedLRU`; the store keeps them all).
package final class InstallIdentities: InstallMemory, UpstreamIdentities {

    private struct State {
        var value: String?
        var storeRead = false
        var fetching: Task<String?, Never>?
        var nextFetch = Date.distantPast
    }

    package static let defaultCapacity = 10_000

    /// The row's name in the store: one per upstream identity, so ids never cross upstreams.
    package let name: String
    private let store: (any InstallIdentityStore)?
    private let retryInterval: TimeInterval
    private let report: @Sendable (any Error) -> Void
    private let states: Mutex<BoundedLRU<InstallID, State>>

    package init(name: String, store: (any InstallIdentityStore)?, retryInterval: TimeInterval = 60,
                capacity: Int = defaultCapacity, report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.name = name
        self.store = store
        self.retryInterval = retryInterval
        self.report = report
        states = Mutex(BoundedLRU(maxCount: capacity))
    }

    /// The install's id when it is known or stored; never fetches it.
    package func known(for install: InstallID) async -> String? {
        await stored(for: install)
    }

    /// The install's id, waiting for a fetch if need be; nil when it cannot be had now.
    package func resolved(for install: InstallID, fetch: @escaping Fetch) async -> String? {
        if let known = await stored(for: install) { return known }
        return await startFetch(for: install, fetch)?.value
    }

    /// A deleted install's id is dropped (the store deleted its row with it).
    package func forget(_ install: InstallID) {
        states.withLock { _ = $0.removeValue(forKey: install) }
    }

    /// Known in memory, or read from the store the first time.
    private func stored(for install: InstallID) async -> String? {
        let state = states.withLock { $0[install] } ?? State()
        if let known = state.value { return known }
        guard !state.storeRead, let store else { return nil }
        let found: String?
        do {
            found = try await store.identity(named: name, install: install)
        } catch {
            report(error)
            return nil
        }
        return states.withLock { states in
            var state = states[install] ?? State()
            state.storeRead = true
            if state.value == nil { state.value = found }
            states.insert(state, forKey: install)
            return state.value
        }
    }

    /// The fetch under way, a new one when none is and the retry interval has passed, else nil.
    private func startFetch(for install: InstallID, _ fetch: @escaping Fetch) -> Task<String?, Never>? {
        states.withLock { states in
            var state = states[install] ?? State()
            if let running = state.fetching { return running }
            guard state.value == nil, Date() >= state.nextFetch else { return nil }
            let task = Task { await self.fetchAndKeep(for: install, fetch) }
            state.fetching = task
            states.insert(state, forKey: install)
            return task
        }
    }

    private func fetchAndKeep(for install: InstallID, _ fetch: Fetch) async -> String? {
        do {
            let value = try await fetch()
            update(install) { state in
                state.value = value
                state.fetching = nil
            }
            do {
                try await store?.saveIdentity(value, named: name, install: install)
            } catch {
                // Kept in memory meanwhile; a later start fetches a new one.
                report(error)
            }
            return value
        } catch {
            update(install) { state in
                state.fetching = nil
                state.nextFetch = Date().addingTimeInterval(retryInterval)
            }
            report(error)
            return nil
        }
    }

    private func update(_ install: InstallID, _ change: (inout State) -> Void) {
        states.withLock { states in
            var state = states[install] ?? State()
            change(&state)
            states.insert(state, forKey: install)
        }
    }
}
