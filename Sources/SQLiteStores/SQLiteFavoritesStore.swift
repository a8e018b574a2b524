import GifService
import Storage

/// GifService's `FavoritesStore` backed by Storage's `FavoritesRepository`.
public struct SQLiteFavoritesStore: FavoritesStore {
    private let repository: FavoritesRepository

    public init(repository: FavoritesRepository) {
        self.repository = repository
    }

    public func list() async throws -> [FavoriteRecord] {
        try await repository.list().map(Self.record(from:))
    }

    public func ids() async throws -> Set<String> {
        try await repository.ids()
    }

    public func find(id: String) async throws -> FavoriteRecord? {
        try await repository.find(id: id).map(Self.record(from:))
    }

    public func count() async throws -> Int {
        try await repository.count()
    }

    public func contains(id: String) async throws -> Bool {
        try await repository.contains(id: id)
    }

    public func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome {
        let favorite = StoredFavorite(id: record.id, snapshot: record.snapshot, addedAt: record.addedAt)
        switch try await repository.insertIfRoom(favorite, limit: limit) {
        case .inserted: return .inserted
        case .alreadyPresent(let existing): return .alreadyPresent(Self.record(from: existing))
        case .full: return .full
        }
    }

    public func remove(id: String) async throws -> Bool {
        try await repository.remove(id: id)
    }

    private static func record(from favorite: StoredFavorite) -> FavoriteRecord {
        FavoriteRecord(id: favorite.id, snapshot: favorite.snapshot, addedAt: favorite.addedAt)
    }
}
