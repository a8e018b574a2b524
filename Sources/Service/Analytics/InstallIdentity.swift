import Foundation
import Synchronization

/// Where the install's upstream identity (GIPHY's `random_id`) is kept, so it survives restarts.
public protocol InstallIdentityStore: Sendable {
    func identity(named name: String) async throws -> String?
    func saveIdentity(_ value: String, named name: String) async throws
}

/// One id per install from the upstream (GIPHY's `/v1/randomid`), fetched lazily the first time
/// a pingback needs it, then kept in the store. A failed fetch is retried on a later need, not
/// before `retryInterval`; nothing that needs the id ever fails for want of it. Searches only
/// read it (`known`): a fetch of theirs would race their own call for the upstream's attention.
public final class InstallIdentity: Sendable {
    public typealias Fetch = @Sendable () async throws -> String

    private struct State {
        var value: String?
        var storeRead = false
        var fetching: Task<String?, Never>?
        var nextFetch = Date.distantPast
    }

    /// The row's name in the store: one per upstream identity, so ids never cross upstreams.
    public let name: String
    private let store: (any InstallIdentityStore)?
    private let retryInterval: TimeInterval
    private let report: @Sendable (any Error) -> Void
    private let state = Mutex(State())

    public init(name: String, store: (any InstallIdentityStore)?, retryInterval: TimeInterval = 60,
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.name = name
        self.store = store
        self.retryInterval = retryInterval
        self.report = report
    }

    /// The id when it is known or stored; never fetches it.
    public func known() async -> String? {
        await stored()
    }

    /// The id, waiting for a fetch if need be; nil when it cannot be had now.
    public func resolved(fetch: @escaping Fetch) async -> String? {
        if let known = await stored() { return known }
        return await startFetch(fetch)?.value
    }

    /// Known in memory, or read from the store the first time.
    private func stored() async -> String? {
        let (known, mustRead) = state.withLock { ($0.value, !$0.storeRead) }
        if let known { return known }
        guard mustRead, let store else { return nil }
        let found: String?
        do {
            found = try await store.identity(named: name)
        } catch {
            report(error)
            return nil
        }
        return state.withLock { state in
            state.storeRead = true
            if state.value == nil { state.value = found }
            return state.value
        }
    }

    /// The fetch under way, a new one when none is and the retry interval has passed, else nil.
    private func startFetch(_ fetch: @escaping Fetch) -> Task<String?, Never>? {
        state.withLock { state in
            if let running = state.fetching { return running }
            guard state.value == nil, Date() >= state.nextFetch else { return nil }
            let task = Task { await self.fetchAndKeep(fetch) }
            state.fetching = task
            return task
        }
    }

    private func fetchAndKeep(_ fetch: Fetch) async -> String? {
        do {
            let value = try await fetch()
            state.withLock { state in
                state.value = value
                state.fetching = nil
            }
            do {
                try await store?.saveIdentity(value, named: name)
            } catch {
                // Kept in memory meanwhile; a later start fetches a new one.
                report(error)
            }
            return value
        } catch {
            state.withLock { state in
                state.fetching = nil
                state.nextFetch = Date().addingTimeInterval(retryInterval)
            }
            report(error)
            return nil
        }
    }
}
