import Foundation

/// A stored upstream answer, as opaque bytes.
public struct CachedAnswer: Equatable, Sendable {
    public let key: String
    public let value: Data
    public let storedAt: Date

    public init(key: String, value: Data, storedAt: Date) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
    }
}

/// Where upstream answers outlive a restart. The gateway keeps hot ones in memory in front of it.
public protocol ResponseCacheStore: Sendable {
    func answer(for key: String) async throws -> CachedAnswer?
    /// Stores (or replaces) the answer, then keeps only the `maxEntries` most recently used.
    func store(_ answer: CachedAnswer, maxEntries: Int) async throws
    func touch(key: String, at date: Date) async throws
    func purge(storedBefore date: Date) async throws
}

/// When upstream calls were made, so the hourly budget survives a restart.
public protocol UpstreamCallLog: Sendable {
    func record(at date: Date, forgetBefore: Date) async throws
    func calls(since date: Date) async throws -> [Date]
}
