import Foundation

/// How the client reaches Unsplash. The access key is a secret: this type's descriptions never show it.
package struct UnsplashClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    package static let defaultBaseURL = URL(string: "https://api.unsplash.com")!
    package static let defaultDeadline: Duration = .seconds(8)
    package static let defaultAppName = "gif-bff"

    package var accessKey: String
    /// Unsplash's API root, without a version path (the version goes in `Accept-Version`);
    /// tests and the demo mode point it at the fake. Download tracking goes only to this host.
    package var baseURL: URL
    /// The most one call may take, connection and body included; enforced by the client itself.
    package var deadline: Duration
    /// Concurrent connections to Unsplash.
    package var maxConnections: Int
    /// A larger answer is cancelled as it arrives and treated as a bad response (a page of 30
    /// photos is some 100 KB).
    package var maxBodyBytes: Int
    /// Our app's name in the `utm_source` of every attribution link, as Unsplash's guidelines ask.
    package var appName: String

    package init(accessKey: String, baseURL: URL = Self.defaultBaseURL, deadline: Duration = Self.defaultDeadline,
                maxConnections: Int = 16, maxBodyBytes: Int = 4 * 1024 * 1024, appName: String = Self.defaultAppName) {
        (self.accessKey, self.baseURL, self.deadline) = (accessKey, baseURL, deadline)
        (self.maxConnections, self.maxBodyBytes, self.appName) = (maxConnections, maxBodyBytes, appName)
    }

    package var description: String {
        "UnsplashClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), "
            + "appName: \(appName), accessKey: <redacted>)"
    }

    package var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    package var customMirror: Mirror {
        Mirror(self, children: ["accessKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "maxConnections": maxConnections, "maxBodyBytes": maxBodyBytes, "appName": appName])
    }
}
