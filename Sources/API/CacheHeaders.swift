import Gateway
import Service
import Model
import HTTPServer

/// What tells clients and proxies how fresh an answer is.
enum CacheHeaders {
    /// Search and trending pages, and GIFs: short, since `is_favorite` changes when the user acts.
    static let shortLived = "max-age=30"
    /// Favorites, history, spotlight: always revalidate (the ETag makes that cheap).
    static let revalidate = "no-cache"
    static let never = "no-store"

    /// X-Cache says where the answer came from; Age how old it is when it came from the cache.
    static func apply<Value>(_ fetched: Fetched<Value>, to response: inout HTTPResponse) {
        response.headers.set(name: "X-Cache", value: text(fetched.status))
        if fetched.status != .miss { response.headers.set(name: "Age", value: String(fetched.age)) }
        response.headers.set(name: "Cache-Control", value: fetched.isStale ? revalidate : shortLived)
    }

    /// The X-Cache value.
    static func text(_ status: CacheStatus) -> String {
        switch status {
        case .hit: "HIT"
        case .miss: "MISS"
        case .stale: "STALE"
        }
    }
}
