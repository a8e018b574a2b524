import Gateway
import Model

/// Each install's favorites, as the API serves them: the list (never an upstream call), adding
/// one (fetched once through its provider, to keep a snapshot; the cap checked before the call),
/// removing one. The rules and the memory are `FavoritesService`'s.
package struct Favorites: Sendable {
    let service: FavoritesService
    let providers: ProviderGateways
    let errors: ErrorTranslation

    /// The cap on one install's favorites.
    package var limit: Int { service.limit }

    /// The install's favorites, newest first.
    package func list(install: InstallID) async throws(ServiceError) -> [Favorite] {
        try await listing(install: install).favorites
    }

    /// The list with its version: equal versions, equal lists (versions never repeat across installs).
    package func listing(install: InstallID) async throws(ServiceError) -> FavoritesListing {
        try await errors.translating { try await service.listing(install: install) }
    }

    /// The list with its version when memory holds it, without waiting; nil when it must be read.
    package func keptListing(install: InstallID) -> FavoritesListing? {
        service.keptListing(install: install)
    }

    /// Adds the item with that id to the install's favorites. An id already present is answered
    /// from the store, without an upstream call; a full list fails before the call, which is
    /// charged to `payer`. An item rated above the content ceiling is not found.
    package func add(id: ItemID, install: InstallID, payer: CallPayer? = nil) async throws(ServiceError) -> FavoriteAddResult {
        let provider = try providers.provider(of: id)
        return try await errors.translating(upstream: provider.rules.naming) {
            if let existing = try await service.find(id: id.rawValue, install: install) {
                return .alreadyExisted(existing)
            }
            if try await service.count(install: install) >= service.limit {
                throw ServiceError.favoritesFull(limit: service.limit)
            }
            let item = try provider.admitted(try await provider.gateway.item(id: id.upstreamID, payer: payer).value)
            return try await service.add(item, install: install)
        }
    }

    /// An id that is another install's favorite is not one of this install's: not found.
    package func remove(id: ItemID, install: InstallID) async throws(ServiceError) {
        try await errors.translating { try await service.remove(id: id.rawValue, install: install) }
    }

    /// How many favorites are stored, over every install, for the metrics.
    package func totalCount() async throws(ServiceError) -> Int {
        try await errors.translating { try await service.totalCount() }
    }
}
