import Foundation
import GifService
import Storage

/// The response cache on the `response_cache` table.
public struct SQLiteResponseCacheStore: ResponseCacheStore {
    private let repository: ResponseCacheRepository

    public init(repository: ResponseCacheRepository) { self.repository = repository }

    public func answer(for key: String) async throws -> CachedAnswer? {
        try await repository.row(for: key).map { CachedAnswer(key: $0.key, value: $0.value, storedAt: $0.storedAt) }
    }

    public func store(_ answer: CachedAnswer, maxEntries: Int) async throws {
        try await repository.store(CachedResponseRow(key: answer.key, value: answer.value, storedAt: answer.storedAt), maxRows: maxEntries)
    }

    public func touch(key: String, at date: Date) async throws { try await repository.touch(key: key, at: date) }

    public func purge(storedBefore date: Date) async throws { try await repository.purge(storedBefore: date) }
}

/// The budget's call log on the `upstream_call` table.
public struct SQLiteUpstreamCallLog: UpstreamCallLog {
    private let repository: UpstreamCallRepository

    public init(repository: UpstreamCallRepository) { self.repository = repository }

    public func record(at date: Date, forgetBefore: Date) async throws {
        try await repository.record(at: date, forgetBefore: forgetBefore)
    }

    public func calls(since date: Date) async throws -> [Date] { try await repository.calls(since: date) }
}

/// The spotlight pick on the `spotlight` table.
public struct SQLiteSpotlightStore: SpotlightStore {
    private let repository: SpotlightRepository

    public init(repository: SpotlightRepository) { self.repository = repository }

    public func pick(for key: String) async throws -> StoredSpotlight? {
        try await repository.row(for: key).map { StoredSpotlight(key: $0.key, gif: $0.gif, pickedAt: $0.pickedAt, changesAt: $0.changesAt) }
    }

    public func save(_ pick: StoredSpotlight, forgettingChangedBefore date: Date) async throws {
        try await repository.save(SpotlightRow(key: pick.key, gif: pick.gif, pickedAt: pick.pickedAt, changesAt: pick.changesAt),
                                  forgettingChangedBefore: date)
    }
}
