import Gateway
import Model
import Primitives

/// Installs: making one, deleting one (with everything kept for it, in the store and in every
/// feature's memory), deleting the idle ones, and which install a request acts for.
package struct Installs: Sendable {
    let service: InstallService
    let favorites: Favorites
    let history: SearchHistoryService
    let deckSessions: DeckSessions
    /// Searches recorded so far are written before a deletion, so none lands after it.
    let bookkeeping: BookkeepingWrites
    let errors: ErrorTranslation

    package var policy: InstallPolicy { service.policy }

    /// A new install for a client (keys standing for its address and its network), within the
    /// installs' creation limits.
    package func register(client: InstallClient) async throws(ServiceError) -> NewInstall {
        try await errors.translating { try await service.create(client: client) }
    }

    /// Deletes the install the token opens and everything kept for it: favorites, history, deck
    /// sessions and upstream identities. Needs a token under either policy: the local install,
    /// which requests without one act for, is not deleted.
    package func delete(presenting token: InstallToken?) async throws(ServiceError) {
        guard let token else { throw .installTokenRequired }
        try await errors.translating {
            await bookkeeping.flush()
            let install = try await service.delete(presenting: token)
            forgetDeleted([install])
        }
    }

    /// Deletes the installs unused for the installs' idle days, with everything kept for them
    /// (in the store and in memory), for a periodic sweep. Returns how many were deleted.
    package func expireIdle() async throws(ServiceError) -> Int {
        try await errors.translating { try await service.expireIdle { forgetDeleted($0) } }
    }

    /// What memory holds per install, dropped for deleted installs.
    private func forgetDeleted(_ deleted: [InstallID]) {
        for install in deleted {
            favorites.forget(install)
            history.forget(install)
        }
        deckSessions.forget(Set(deleted))
    }

    /// The install a request acts for on the routes that keep something per install (favorites,
    /// history, suggestions, decks): the token's, else the local one; under the `required`
    /// policy a request without a token is refused. At once when no store is needed (no token,
    /// or one whose install was checked here before), else the wait for the store.
    package func forKeeping(presenting token: InstallToken?) throws(ServiceError) -> ReadyOrPending<InstallID> {
        switch try acting(presenting: token) {
        case .ready(let install): return .ready(try Self.keeping(install))
        case .pending(let wait): return .pending { try Self.keeping(try await wait()) }
        }
    }

    /// A keeping route needs an install: none (`required` policy, no token) is refused.
    private static func keeping(_ install: InstallID?) throws(ServiceError) -> InstallID {
        guard let install else { throw .installTokenRequired }
        return install
    }

    /// The install a request acts for on the shared routes (search, items, spotlight): the
    /// token's, else the local one, else (`required` policy, no token) none. A token that opens
    /// no install is refused on every route that reads it. At once when no store is needed,
    /// else the wait for the store.
    package func acting(presenting token: InstallToken?) throws(ServiceError) -> ReadyOrPending<InstallID?> {
        guard let token else { return .ready(service.policy == .optional ? .local : nil) }
        switch try errors.translating({ try service.verify(token) }) {
        case .ready(let install): return .ready(install)
        case .pending(let wait): return .pending { [errors] in try await errors.translating { try await wait() } }
        }
    }

    /// Installs made with `POST /installs`, for the metrics.
    package func count() async throws(ServiceError) -> Int {
        try await errors.translating { try await service.count() }
    }
}
