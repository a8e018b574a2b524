import Foundation

/// How the client reaches GIPHY. The key is a secret: this type's descriptions never show it.
package struct GiphyClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    package static let defaultBaseURL = URL(string: "https://api.giphy.com/v1")!
    package static let defaultDeadline: Duration = .seconds(8)

    package var apiKey: String
    /// GIPHY's API root with the version included (`https://api.giphy.com/v1`); tests and the
    /// demo mode point it at the fake.
    package var baseURL: URL
    /// The most one call may take, connection and body included; enforced by the client itself.
    package var deadline: Duration
    /// Forwarded as `country_code` on search and trending when set (GIPHY's terms ask for it).
    package var countryCode: String?
    /// Concurrent connections to GIPHY (the transport's per-host and total cap; more calls queue).
    package var maxConnections: Int
    /// A larger answer is cancelled as it arrives and treated as a bad response (GIPHY's
    /// largest pages are a few hundred KB).
    package var maxBodyBytes: Int

    package init(apiKey: String, baseURL: URL = Self.defaultBaseURL, deadline: Duration = Self.defaultDeadline,
                countryCode: String? = nil, maxConnections: Int = 32, maxBodyBytes: Int = 8 * 1024 * 1024) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.deadline = deadline
        self.countryCode = countryCode
        self.maxConnections = maxConnections
        self.maxBodyBytes = maxBodyBytes
    }

    package var description: String {
        "GiphyClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), "
            + "countryCode: \(countryCode ?? "none"), apiKey: <redacted>)"
    }

    package var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    package var customMirror: Mirror {
        Mirror(self, children: ["apiKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "countryCode": countryCode as Any, "maxConnections": maxConnections])
    }
}
