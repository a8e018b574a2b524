/// Where an answer came from: the upstream just now, the cache while fresh, or the cache because
/// the upstream failed.
public enum CacheStatus: Sendable, Hashable, CaseIterable {
    case hit
    case miss
    case stale
}

/// An upstream value with where it came from and how old it is.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    public var status: CacheStatus
    /// Seconds since the upstream gave this answer.
    public var age: Int

    public init(_ value: Value, status: CacheStatus, age: Int) {
        self.value = value
        self.status = status
        self.age = age
    }

    public var isStale: Bool { status == .stale }

    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Fetched<Other> {
        Fetched<Other>(try transform(value), status: status, age: age)
    }
}

extension Fetched: Equatable where Value: Equatable {}
