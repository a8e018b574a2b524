import FakeUpstream
import UnsplashCatalog
import Foundation
import HTTPServer

/// A fake Unsplash served by our own HTTPServer: Unsplash's paths, headers and JSON over the
/// deterministic photo catalog (`PhotoCatalog`, which gif-bff's demo serves in-process), with its
/// quirks (null descriptions, all-null EXIF, a plain-text 403 over the hourly limit) and faults a
/// test can switch on. Used by the tests and the `fake-unsplash` executable, never by gif-bff.
package final class FakeUnsplash: FakeUpstreamServer {
    /// The key the fake accepts unless told otherwise.
    package static let defaultAccessKey = "fake-unsplash-access-key"
    /// Unsplash's demo keys get 50 calls an hour.
    package static let defaultHourlyLimit = 50

    package let accessKey: String
    package let catalog: PhotoCatalog
    package let core: FakeServerCore<FakeUnsplashFault>
    private let downloads = DownloadCounts()
    private let rateLimit: RateLimitWindow

    /// `port` 0 asks the system for a free one; `start()` says which (`http://127.0.0.1:PORT`, no
    /// version path: Unsplash takes its version in a header).
    package init(accessKey: String = FakeUnsplash.defaultAccessKey, catalog: PhotoCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true, hourlyLimit: Int = FakeUnsplash.defaultHourlyLimit) {
        self.accessKey = accessKey
        self.catalog = catalog
        let (downloads, rateLimit) = (self.downloads, RateLimitWindow(limit: hourlyLimit))
        self.rateLimit = rateLimit
        core = FakeServerCore(host: host, port: port, basePath: "", logger: logger, adminRoutes: adminRoutes,
                              parseFault: FakeUnsplashFault.fromAdminBody) { router, faults, calls in
            FakeUnsplashAPI(catalog: catalog, accessKey: accessKey, faults: faults, calls: calls, rateLimit: rateLimit,
                            downloads: downloads).addRoutes(to: &router)
        }
    }

    /// A base URL on a loopback port where nothing listens.
    package static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: "")
    }

    /// Download-tracking calls answered for one photo.
    package func downloadCount(id: String) -> Int { downloads.count(id: id) }

    /// Refills the hourly limit at once.
    package func resetRateLimit() { rateLimit.reset() }
}
