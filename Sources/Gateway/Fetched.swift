import Model
/// Where an answer came from: the upstream just now, the cache while fresh, or the cache because
/// the upstream failed. Public as `Fetched`'s initialiser, which takes it, is.
public enum CacheStatus: Sendable, Hashable, CaseIterable {
    case hit
    case miss
    case stale
}

/// An upstream value with where it came from and how old it is.
///
/// Public, with its initialiser and `map` inlinable, though only this package uses it: the
/// service makes one from another for every answer, and a `package` declaration is not inlined
/// into another module even when marked inlinable. Called as generic functions, they looked the
/// result type's metadata up (two for a cached page, one for an item: about 1% of the user CPU). The
/// fields stay `package`.
public struct Fetched<Value: Sendable>: Sendable {
    @usableFromInline package var value: Value
    @usableFromInline package var status: CacheStatus
    /// Seconds since the upstream gave this answer.
    @usableFromInline package var age: Int
    /// Names the answer (unique in the process), so what is made from it can be kept and reused:
    /// a hit's is its memory cache entry's; a miss's the entry it was kept as, else a new one, so
    /// the requests that shared its call (`sharedCall`) share what is written from it too. Nil for
    /// a stale answer and one read from the store.
    @usableFromInline package var answerID: UInt64?
    /// A miss whose upstream call answered other requests too (they joined it while it was under
    /// way): what is written from it is worth keeping for them. A lone miss's is not, so that
    /// searches made once do not push out what hits reuse.
    @usableFromInline package var sharedCall = false
    /// Seconds from when the upstream gave it that the gateway serves it without asking again
    /// (`GIF_BFF_CACHE_FRESH_SECONDS`); 0 when it never does (no cache, no fresh window). What a
    /// client may be told about its freshness follows from this and `age`.
    @usableFromInline package var freshFor: Double

    @inlinable
    public init(_ value: Value, status: CacheStatus, age: Int, answerID: UInt64? = nil, freshFor: Double = 0) {
        self.value = value
        self.status = status
        self.age = age
        self.answerID = answerID
        self.freshFor = freshFor
    }

    package var isStale: Bool { status == .stale }

    @inlinable
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Fetched<Other> {
        var mapped = Fetched<Other>(try transform(value), status: status, age: age, answerID: answerID, freshFor: freshFor)
        mapped.sharedCall = sharedCall
        return mapped
    }
}

extension Fetched: Equatable where Value: Equatable {}
