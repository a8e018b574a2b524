import Gateway
import Service
import Model
import HTTPServer

/// What tells clients and proxies how fresh an answer is.
enum CacheHeaders {
    /// Favorites, history, spotlight: always revalidate (the ETag makes that cheap).
    static let revalidate = "no-cache"
    static let never = "no-store"
    /// The contract and the web app: the same until the server is upgraded, so revalidated each
    /// time (their ETag makes that a 304).
    static let untilUpgrade = revalidate

    /// Seconds a client keeps a page or an item from when it arrives, at most: they carry
    /// `is_favorite`, which changes when the user acts.
    static let favoriteMarksLimit = 30

    /// X-Cache says where the answer came from; Age how old it is when it came from the cache;
    /// Cache-Control how long a client may keep it (`cacheControl`; `limit` nil for answers
    /// without favorite marks).
    static func apply<Value>(_ fetched: Fetched<Value>, to response: inout HTTPResponse, keptAtMost limit: Int?) {
        response.headers.set(name: "X-Cache", value: text(fetched.status))
        if fetched.status != .miss { response.headers.set(name: "Age", value: String(fetched.age)) }
        response.headers.set(name: "Cache-Control", value: cacheControl(fetched.status, age: fetched.age, freshFor: fetched.freshFor,
                                                                       keptAtMost: limit))
    }

    /// A lifetime that agrees with `Age` and with the server's own window (RFC 9111 §4.2: fresh
    /// while the age is below max-age): `max-age` is the window itself, so a client's copy goes
    /// stale exactly when the server's does, and a HIT with `Age: a` always has more than `a`;
    /// lowered to `age + limit` when the answer may be kept only `limit` seconds from now. A stale
    /// answer, or one with no whole second of freshness left (no cache, a window of 0), is
    /// `no-cache`. `freshFor` comes from configuration: clamped before it becomes an Int.
    static func cacheControl(_ status: CacheStatus, age: Int, freshFor: Double, keptAtMost limit: Int?) -> String {
        guard status != .stale, freshFor.isFinite, freshFor >= 1 else { return revalidate }
        let window = Int(min(freshFor, Double(Int32.max)).rounded(.down))
        let clientAge = max(0, age)
        let (withLimit, overflow) = clientAge.addingReportingOverflow(limit ?? window)
        let maxAge = min(window, overflow ? window : withLimit)
        guard maxAge > clientAge else { return revalidate }
        return maxAge < maxAgeTexts.count ? maxAgeTexts[maxAge] : "max-age=\(maxAge)"
    }

    /// `max-age=n` for the first hour's values, made once: every cached answer writes one, and
    /// making it per answer was a string and an allocation each.
    private static let maxAgeTexts: [String] = (0...3_600).map { "max-age=\($0)" }

    /// The X-Cache value.
    static func text(_ status: CacheStatus) -> String {
        switch status {
        case .hit: "HIT"
        case .miss: "MISS"
        case .stale: "STALE"
        }
    }
}
