import Gateway
import Model
import Primitives

/// Each install's favorites, as the API serves them: the list (never an upstream call), adding
/// one (fetched once through its provider, to keep a snapshot; the cap checked before the call),
/// removing one. The rules and the memory are `FavoritesService`'s. A favorite whose snapshot is
/// rated above the content ceiling (saved before the ceiling was lowered) is served by no route:
/// it is left out of the list and is not found when added again or saved, but it stays stored
/// (it is the install's; raised again, the ceiling lets it back), counts toward the cap, and can
/// be removed by its id.
package struct Favorites: Sendable {
    let service: FavoritesService
    let providers: ProviderGateways
    let errors: ErrorTranslation
    /// Whether the ceiling can refuse an item of some provider served (below r, on one that
    /// rates): decided once, as the list is read on every request.
    private let ceilingApplies: Bool

    init(service: FavoritesService, providers: ProviderGateways, errors: ErrorTranslation) {
        self.service = service
        self.providers = providers
        self.errors = errors
        ceilingApplies = providers.all.contains { $0.rules.ratesItems && $0.ceiling.rating != .r }
    }

    /// The cap on one install's favorites.
    package var limit: Int { service.limit }

    /// The install's favorites, newest first, none above the content ceiling.
    package func list(install: InstallID) async throws(ServiceError) -> [Favorite] {
        try await errors.translating { try await listing(install: install).value().favorites }
    }

    /// The list with its version (equal versions, equal lists: versions never repeat across
    /// installs, and the ceiling is the same for the server's life), none above the ceiling: at
    /// once when memory holds it, else the wait for the store.
    package func listing(install: InstallID) -> ReadyOrPending<FavoritesListing> {
        switch service.listing(install: install) {
        case .ready(let listing): return .ready(admitted(listing))
        case .pending(let wait): return .pending { [self] in try await errors.translating { admitted(try await wait()) } }
        }
    }

    /// The listing without its favorites above the content ceiling; the same listing, not a copy,
    /// when none is (always, with no ceiling).
    private func admitted(_ listing: FavoritesListing) -> FavoritesListing {
        guard ceilingApplies, listing.favorites.contains(where: { !admits($0.item) }) else { return listing }
        return FavoritesListing(favorites: listing.favorites.filter { admits($0.item) }, version: listing.version)
    }

    /// A favorite's snapshot as its provider's ceiling reads it; a provider not served has no rule here.
    private func admits(_ item: Item) -> Bool {
        providers[item.provider]?.admits(item) ?? true
    }

    /// How many of the install's favorites are above the ceiling (stored, counted, not listed).
    private func hiddenCount(install: InstallID) async throws -> Int {
        guard ceilingApplies else { return 0 }
        return try await service.listing(install: install).value().favorites.count(where: { !admits($0.item) })
    }

    /// Adds the item with that id to the install's favorites. An id already present is answered
    /// from the store, without an upstream call; a full list fails before the call, which is
    /// charged to `payer`. An item rated above the content ceiling is not found, and so is a
    /// favorite whose stored snapshot is (the answer would carry that snapshot).
    package func add(id: ItemID, install: InstallID, payer: CallPayer? = nil) async throws(ServiceError) -> FavoriteAddResult {
        let provider = try providers.provider(of: id)
        return try await errors.translating(upstream: provider.rules.naming) {
            if let existing = try await service.find(id: id.rawValue, install: install) {
                try provider.checkAdmitted(existing.item)
                return .alreadyExisted(existing)
            }
            if try await service.count(install: install) >= service.limit {
                throw ServiceError.favoritesFull(limit: service.limit, hidden: try await hiddenCount(install: install))
            }
            let item = try provider.admitted(try await provider.gateway.item(id: id.upstreamID, payer: payer).value().value.value)
            let result = try await service.add(item, install: install)
            // Added meanwhile by another request, its older snapshot is what the answer would carry.
            try provider.checkAdmitted(result.favorite.item)
            return result
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
