import Foundation
import Model
import ProviderHTTP

/// Unsplash's statuses over the shared table: its rate limit comes as 429 (documented) or as
/// 403 with the plain-text body "Rate Limit Exceeded" (what real clients see); every other 403
/// is a refused key, as in the shared table.
enum UnsplashStatusMapping {
    static func error(_ exchange: HTTPExchange, endpoint: UnsplashEndpoint) -> UpstreamError {
        if exchange.status == 403, isRateLimitBody(exchange.body) {
            return .rateLimited(retryAfter: FailureMapping.retryAfterSeconds(exchange.retryAfter, now: Date()))
        }
        return FailureMapping.error(status: exchange.status, retryAfter: exchange.retryAfter, endpoint: endpoint)
    }

    static func isRateLimitBody(_ body: Data) -> Bool {
        String(decoding: body.prefix(200), as: UTF8.self).localizedCaseInsensitiveContains("rate limit exceeded")
    }
}
