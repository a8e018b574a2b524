import Gateway
import Model

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
    /// policy a request without a token is refused.
    package func forKeeping(presenting token: InstallToken?) async throws(ServiceError) -> InstallID {
        try keeping(try await acting(presenting: token))
    }

    /// `forKeeping`, when it needs no store, without waiting; nil when the store must be read first.
    package func forKeepingKept(presenting token: InstallToken?) throws(ServiceError) -> InstallID? {
        guard let acting = try actingKept(presenting: token) else { return nil }
        return try keeping(acting.install)
    }

    /// A keeping route needs an install: none (`required` policy, no token) is refused.
    private func keeping(_ install: InstallID?) throws(ServiceError) -> InstallID {
        guard let install else { throw .installTokenRequired }
        return install
    }

    /// The install a request acts for on the shared routes (search, items, spotlight): the
    /// token's, else the local one, else (`required` policy, no token) none. A token that opens
    /// no install is refused on every route that reads it.
    package func acting(presenting token: InstallToken?) async throws(ServiceError) -> InstallID? {
        guard let token else { return service.policy == .optional ? .local : nil }
        return try await errors.translating { try await service.verify(token) }
    }

    /// `acting`, when it needs no store (no token, or one whose install was checked here before),
    /// without waiting; nil when the store must be read first.
    package func actingKept(presenting token: InstallToken?) throws(ServiceError) -> ActingInstall? {
        guard let token else { return ActingInstall(install: service.policy == .optional ? .local : nil) }
        return try errors.translating { try service.verifyKept(token).map { ActingInstall(install: $0) } }
    }

    /// Installs made with `POST /installs`, for the metrics.
    package func count() async throws(ServiceError) -> Int {
        try await errors.translating { try await service.count() }
    }
}

/// The install a request acts for on the shared routes, found without waiting: nil for none
/// (`required` policy, no token).
package struct ActingInstall: Sendable {
    package let install: InstallID?
}
