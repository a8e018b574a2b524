/// Installs: making one, deleting one, and which install a request acts for.
extension Backend {
    public var installPolicy: InstallPolicy { installs.policy }

    /// A new install for a client (keys standing for its address and its network), within the
    /// installs' creation limits.
    public func registerInstall(client: InstallClient) async throws(ServiceError) -> NewInstall {
        try await translating { try await installs.create(client: client) }
    }

    /// Deletes the install the token opens and everything kept for it: favorites, history, deck
    /// sessions and upstream identities. Needs a token under either policy: the local install,
    /// which requests without one act for, is not deleted.
    public func deleteInstall(presenting token: InstallToken?) async throws(ServiceError) {
        guard let token else { throw .installTokenRequired }
        try await translating {
            // Searches recorded so far are written first, so none lands after the deletion.
            await gateway.bookkeeping.flush()
            let install = try await installs.delete(presenting: token)
            forgetDeleted([install])
        }
    }

    /// Deletes the installs unused for the installs' idle days, with everything kept for them
    /// (in the store and in memory), for a periodic sweep. Returns how many were deleted.
    public func expireIdleInstalls() async throws(ServiceError) -> Int {
        try await translating { try await installs.expireIdle { forgetDeleted($0) } }
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
    public func installForKeeping(presenting token: InstallToken?) async throws(ServiceError) -> InstallID {
        guard let install = try await install(presenting: token) else { throw .installTokenRequired }
        return install
    }

    /// The install a request acts for on the shared routes (search, items, spotlight): the
    /// token's, else the local one, else (`required` policy, no token) none. A token that opens
    /// no install is refused on every route that reads it.
    public func install(presenting token: InstallToken?) async throws(ServiceError) -> InstallID? {
        guard let token else { return installs.policy == .optional ? .local : nil }
        return try await translating { try await installs.verify(token) }
    }

    /// Installs made with `POST /installs`, for the metrics.
    public func installCount() async throws(ServiceError) -> Int {
        try await translating { try await installs.count() }
    }
}
