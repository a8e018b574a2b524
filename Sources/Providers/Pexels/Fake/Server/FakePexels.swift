import FakeUpstream
import Foundation
import HTTPServer
import PexelsCatalog

/// A fake Pexels served by our own HTTPServer: Pexels' paths (`/v1/search`, `/v1/curated`,
/// `/v1/photos/{id}`), its bare-key `Authorization`, its JSON and headers over the deterministic
/// Pexels catalog (which gif-bff's demo serves in-process), with its quirks (`next_page` absent on
/// the last page, `alt` "" for some photos, rate-limit headers on 2xx answers only, counting the
/// month) and faults a test can switch on. Used by the tests and the `fake-pexels` executable,
/// never by gif-bff.
package final class FakePexels: FakeUpstreamServer {
    /// The key the fake accepts unless told otherwise.
    package static let defaultAPIKey = "fake-pexels-api-key"
    /// Pexels' default limits per key: 200 requests an hour, 20,000 a month.
    package static let defaultHourlyLimit = 200
    package static let defaultMonthlyLimit = 20_000
    static let unauthorizedMessage = "Unauthorized"

    package let apiKey: String
    package let catalog: PexelsCatalog
    package let core: FakeServerCore<FakePexelsFault>
    private let hourly: RateLimitWindow
    private let monthly: RateLimitWindow

    /// `port` 0 asks the system for a free one; `start()` says which (`http://127.0.0.1:PORT`, the
    /// API root: paths start with `/v1` as Pexels' do).
    package init(apiKey: String = FakePexels.defaultAPIKey, catalog: PexelsCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off), adminRoutes: Bool = true,
                hourlyLimit: Int = FakePexels.defaultHourlyLimit, monthlyLimit: Int = FakePexels.defaultMonthlyLimit) {
        self.apiKey = apiKey
        self.catalog = catalog
        let hourly = RateLimitWindow(limit: hourlyLimit)
        let monthly = RateLimitWindow(limit: monthlyLimit, window: .seconds(30 * 24 * 3600))
        (self.hourly, self.monthly) = (hourly, monthly)
        // The month's end, as a UNIX time (`X-Ratelimit-Reset`): fixed from the fake's start.
        let reset = Int(Date().timeIntervalSince1970) + 30 * 24 * 3600
        core = FakeServerCore(host: host, port: port, basePath: "", logger: logger, adminRoutes: adminRoutes,
                              parseFault: FakePexelsFault.fromAdminBody) { router, faults, calls in
            FakePexelsAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, hourly: hourly, monthly: monthly,
                          resetTime: reset).addRoutes(to: &router)
        }
    }

    /// A base URL on a loopback port where nothing listens: Pexels down.
    package static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: "")
    }

    /// Refills the hourly and monthly limits at once.
    package func resetRateLimit() {
        hourly.reset()
        monthly.reset()
    }
}
