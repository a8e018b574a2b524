import Foundation

/// How the client reaches KLIPY. The app key is a secret (it travels in the URL's path, as KLIPY's
/// API takes it): this type's descriptions never show it.
package struct KlipyClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package static let defaultBaseURL = URL(string: "https://api.klipy.com")!
    package static let defaultDeadline: Duration = .seconds(8)

    package var apiKey: String
    /// KLIPY's host; the paths below it are KLIPY's own (`/api/v1/{app_key}/gifs/search`).
    package var baseURL: URL
    /// The most one call may take, connection and body included.
    package var deadline: Duration
    package var maxConnections: Int
    /// A larger answer is cancelled as it arrives (a page of 50 items, four formats at four
    /// sizes each, is some 150 KB).
    package var maxBodyBytes: Int

    package init(apiKey: String, baseURL: URL = Self.defaultBaseURL, deadline: Duration = Self.defaultDeadline,
                maxConnections: Int = 16, maxBodyBytes: Int = 4 * 1024 * 1024) {
        (self.apiKey, self.baseURL, self.deadline) = (apiKey, baseURL, deadline)
        (self.maxConnections, self.maxBodyBytes) = (maxConnections, maxBodyBytes)
    }

    package var description: String {
        "KlipyClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), apiKey: <redacted>)"
    }

    package var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    package var customMirror: Mirror {
        Mirror(self, children: ["apiKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "maxConnections": maxConnections, "maxBodyBytes": maxBodyBytes])
    }
}
