import Foundation

/// How the client reaches GIPHY. The key is a secret: this type's descriptions never show it.
public struct GiphyClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public static let defaultBaseURL = URL(string: "https://api.giphy.com/v1")!
    public static let defaultDeadline: Duration = .seconds(8)

    public var apiKey: String
    /// GIPHY's API root with the version included (`https://api.giphy.com/v1`); tests and the
    /// demo mode point it at the fake.
    public var baseURL: URL
    /// The most one call may take, connection and body included; enforced by the client itself.
    public var deadline: Duration
    /// Forwarded as `country_code` on search and trending when set (GIPHY's terms ask for it).
    public var countryCode: String?
    /// Concurrent connections to GIPHY; URLSession's default of 6 is small for a proxy.
    public var maxConnections: Int

    public init(apiKey: String, baseURL: URL = Self.defaultBaseURL, deadline: Duration = Self.defaultDeadline,
                countryCode: String? = nil, maxConnections: Int = 32) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.deadline = deadline
        self.countryCode = countryCode
        self.maxConnections = maxConnections
    }

    public var description: String {
        "GiphyClientConfiguration(baseURL: \(baseURL.absoluteString), deadline: \(deadline), "
            + "countryCode: \(countryCode ?? "none"), apiKey: <redacted>)"
    }

    public var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["apiKey": "<redacted>", "baseURL": baseURL, "deadline": deadline,
                                "countryCode": countryCode as Any, "maxConnections": maxConnections])
    }
}

extension GiphyClientConfiguration {
    public enum EnvironmentError: Error, Equatable, CustomStringConvertible {
        case invalidBaseURL(String)
        case invalidDeadline(String)

        public var description: String {
            switch self {
            case .invalidBaseURL(let text): "GIPHY_BASE_URL is not an http(s) URL: \(text)"
            case .invalidDeadline(let text): "GIF_BFF_UPSTREAM_TIMEOUT_SECONDS is not a positive number of seconds: \(text)"
            }
        }
    }

    /// Reads GIPHY_API_KEY, GIPHY_BASE_URL and GIF_BFF_UPSTREAM_TIMEOUT_SECONDS.
    /// Returns nil when no key is set (blank counts as none): the caller decides on the demo mode.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EnvironmentError) -> GiphyClientConfiguration? {
        let key = (environment["GIPHY_API_KEY"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return nil }
        var configuration = GiphyClientConfiguration(apiKey: key)
        if let text = nonBlank(environment["GIPHY_BASE_URL"]) {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil else {
                throw .invalidBaseURL(text)
            }
            configuration.baseURL = url
        }
        if let text = nonBlank(environment["GIF_BFF_UPSTREAM_TIMEOUT_SECONDS"]) {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw .invalidDeadline(text)
            }
            configuration.deadline = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        return configuration
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
