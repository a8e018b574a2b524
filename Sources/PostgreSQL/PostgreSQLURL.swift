import CPostgreSQL
import Foundation

/// `GIF_BFF_DATABASE_URL`: a `postgresql://` (or `postgres://`) URL that libpq itself accepts,
/// checked at start-up without connecting, and written in messages without its secrets (see
/// `URLSecrets`): its description, its mirror and `redacted` alike.
package struct PostgreSQLURL: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package let text: String

    /// Nil for anything libpq would not take as a connection URL, with the reason.
    package static func parse(_ text: String) -> Result<PostgreSQLURL, ParseFailure> {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
            return .failure(ParseFailure(reason: "a postgresql:// URL"))
        }
        // libpq checks a port only when it connects: a URL with a port that is not one is refused now.
        guard let parts = URLComponents(string: text), (parts.port.map { (1...65_535).contains($0) } ?? true) else {
            return .failure(ParseFailure(reason: "a postgresql:// URL with a valid host and port"))
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &error) else {
            // libpq's reason may quote the URL or a part of it (a bad percent-encoding): scrubbed.
            let reason = URLSecrets(text).scrub(error.map { String(cString: $0) } ?? "not a connection URL")
            if let error { PQfreemem(error) }
            return .failure(ParseFailure(reason: "a postgresql:// URL libpq accepts (" + reason.split(separator: "\n").joined(separator: " ") + ")"))
        }
        PQconninfoFree(options)
        return .success(PostgreSQLURL(text: text))
    }

    package struct ParseFailure: Error, Equatable, Sendable {
        package let reason: String
    }

    /// The URL with every secret replaced by `***`, for logs and messages.
    package var redacted: String { Self.redact(text) }

    package var description: String { redacted }
    package var debugDescription: String { redacted }
    package var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }

    /// `text` (a URL, or what was given for one) with every secret replaced by `***`.
    package static func redact(_ text: String) -> String { URLSecrets(text).redacted }

    /// `message` (libpq's, say) with every secret of the URL `text` replaced by `***`.
    package static func scrub(_ message: String, secretsOf text: String) -> String { URLSecrets(text).scrub(message) }
}
