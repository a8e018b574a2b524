import Foundation

/// How the client reaches Pexels. The key is a secret: this type's descriptions never show it.
package struct PexelsClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package static let defaultBaseURL = URL(string: "https://api.pexels.com")!
    package static let defaultDeadline: Duration = .seconds(8)
    /// What every call names itself as.
    package static let userAgent = "gif-bff"

    package var apiKey: String
    /// Pexels' API root, without `/v1` (the client adds it, as Pexels' paths have it); tests point
    /// it at the fake.
    package var baseURL: URL
    /// The most one call may take, connection and body included.
    package var deadline: Duration
    package var maxConnections: Int
    /// A larger answer is cancelled as it arrives and treated as a bad response (a page of 80
    /// photos is some 120 KB).
    package var maxBodyBytes: Int

    package init(apiKey: String, baseURL: URL = Self.defaultBaseURL, deadline: Duration = Self.defaultDeadline,
                maxConnections: Int = 16, maxBodyBytes: Int = 4 * 1024 * 1024) {
        (self.apiKey, self.baseURL, self.deadline) = (apiKey, baseURL, deadline)
        (self.maxConnections, self.maxBodyBytes) = (maxConnections, maxBodyBytes)
    }

    package var description: String {
        "PexelsClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), apiKey: <redacted>)"
    }

    package var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    package var customMirror: Mirror {
        Mirror(self, children: ["apiKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "maxConnections": maxConnections, "maxBodyBytes": maxBodyBytes])
    }
}
