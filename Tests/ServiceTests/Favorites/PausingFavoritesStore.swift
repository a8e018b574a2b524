import Foundation
import Service
import Model

/// Passes every call on to a real store after a short sleep, so that concurrent callers
/// interleave between calls: favorites that checked the count in one call and inserted in
/// another would then let several adds through.
struct PausingFavoritesStore: FavoritesStore {
    let base: any FavoritesStore

    private func pause() async throws {
        try await Task.sleep(for: .milliseconds(2))
    }

    func list(install: InstallID) async throws -> [FavoriteRecord] {
        try await pause()
        return try await base.list(install: install)
    }

    func totalCount() async throws -> Int {
        try await pause()
        return try await base.totalCount()
    }

    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        try await pause()
        return try await base.insertIfRoom(record, limit: limit, install: install)
    }

    func remove(id: String, install: InstallID) async throws -> Bool {
        try await pause()
        return try await base.remove(id: id, install: install)
    }
}
