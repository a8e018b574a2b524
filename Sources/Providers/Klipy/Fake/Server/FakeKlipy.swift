import FakeUpstream
import Foundation
import HTTPServer
import KlipyCatalog

/// A fake KLIPY served by our own HTTPServer: KLIPY's paths (the key in the path), parameters
/// and JSON over the deterministic KLIPY catalog (which gif-bff's demo serves in-process), with
/// its quirks (`result` on every body, no total but `has_next`, mp4s larger than their GIFs at
/// the small sizes, 8-50 a search page) and faults a test can switch on. Used by the tests and
/// the `fake-klipy` executable, never by gif-bff.
package final class FakeKlipy: FakeUpstreamServer {
    /// The key the fake accepts unless told otherwise.
    package static let defaultAPIKey = "fake-klipy-app-key"
    /// A test key's limit: 100 calls a minute.
    package static let defaultMinuteLimit = 100

    package let apiKey: String
    package let catalog: KlipyCatalog
    package let core: FakeServerCore<FakeKlipyFault>
    private let limit: KlipyMinuteLimit

    /// `port` 0 asks the system for a free one; `start()` says which (`http://127.0.0.1:PORT`, the
    /// base URL KLIPY's paths go under).
    package init(apiKey: String = FakeKlipy.defaultAPIKey, catalog: KlipyCatalog = .standard, host: String = "127.0.0.1",
                port: UInt16 = 0, logger: Logger = Logger(level: .off), adminRoutes: Bool = true,
                minuteLimit: Int = FakeKlipy.defaultMinuteLimit) {
        self.apiKey = apiKey
        self.catalog = catalog
        let limit = KlipyMinuteLimit(limit: minuteLimit)
        self.limit = limit
        core = FakeServerCore(host: host, port: port, basePath: "", logger: logger, adminRoutes: adminRoutes,
                              parseFault: FakeKlipyFault.fromAdminBody) { router, faults, calls in
            FakeKlipyAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, limit: limit).addRoutes(to: &router)
        }
    }

    /// A base URL on a loopback port where nothing listens.
    package static func refusingBaseURL() throws -> URL { try LoopbackURL.refusing(path: "") }

    /// Refills the minute's limit at once.
    package func resetRateLimit() { limit.reset() }
}
