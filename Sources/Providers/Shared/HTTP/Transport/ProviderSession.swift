import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BoundedExchanges {
    /// The one long-lived session of a provider client, with this object as its delegate: no
    /// cache, no cookies, and URLSession's own timers only as a backstop behind our deadline
    /// (on Linux they are idle timers in whole seconds).
    public func makeSession(deadline: Duration, maxConnections: Int) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnections)
        let backstop = max(2, (Double(deadline.components.seconds) + 1).rounded(.up))
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }
}
