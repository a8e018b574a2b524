import Foundation

/// How a client reaches an upstream that takes one key and nothing else of ours (KLIPY, Pexels).
/// The key is a secret: this type's descriptions never show it.
package struct KeyedClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package static let defaultDeadline: Duration = .seconds(8)

    package var apiKey: String
    /// The upstream's root; its own paths go below it (the client adds them). Tests point it at the fake.
    package var baseURL: URL
    /// The most one call may take, connection and body included.
    package var deadline: Duration
    package var maxConnections: Int
    /// A larger answer is cancelled as it arrives and treated as a bad response (a page of 50
    /// KLIPY items in four formats, or of 80 Pexels photos, is some 150 KB).
    package var maxBodyBytes: Int

    package init(apiKey: String, baseURL: URL, deadline: Duration = Self.defaultDeadline, maxConnections: Int = 16,
                maxBodyBytes: Int = 4 * 1024 * 1024) {
        (self.apiKey, self.baseURL, self.deadline) = (apiKey, baseURL, deadline)
        (self.maxConnections, self.maxBodyBytes) = (maxConnections, maxBodyBytes)
    }

    package var description: String {
        "KeyedClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), apiKey: <redacted>)"
    }

    package var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    package var customMirror: Mirror {
        Mirror(self, children: ["apiKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "maxConnections": maxConnections, "maxBodyBytes": maxBodyBytes])
    }
}
