import Foundation
import Service

/// Passes every call on to a real store after a short sleep, so that concurrent callers
/// interleave between calls: a service that checked the count in one call and inserted in
/// another would then let several adds through.
struct PausingFavoritesStore: FavoritesStore {
    let base: any FavoritesStore

    private func pause() async throws {
        try await Task.sleep(for: .milliseconds(2))
    }

    func list() async throws -> [FavoriteRecord] {
        try await pause()
        return try await base.list()
    }

    func count() async throws -> Int {
        try await pause()
        return try await base.count()
    }

    func contains(id: String) async throws -> Bool {
        try await pause()
        return try await base.contains(id: id)
    }

    func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome {
        try await pause()
        return try await base.insertIfRoom(record, limit: limit)
    }

    func remove(id: String) async throws -> Bool {
        try await pause()
        return try await base.remove(id: id)
    }
}
