import CPostgreSQL
import Foundation

/// `GIF_BFF_DATABASE_URL`: any connection string libpq takes (a `postgresql://` URL with one
/// host or several, or `keyword=value` pairs), checked at start-up with libpq's own parser
/// without connecting, and written in messages without its secrets (see `URLSecrets`): its
/// description, its mirror and `redacted` alike.
package struct PostgreSQLURL: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package let text: String

    /// Nil for anything libpq would not take as a connection string, with the reason.
    package static func parse(_ text: String) -> Result<PostgreSQLURL, ParseFailure> {
        let options: ConninfoOptions
        do {
            options = try ConninfoOptions(parsing: text)
        } catch {
            // libpq's reason may quote the string or a part of it (a bad percent-encoding): scrubbed.
            let reason = URLSecrets(text).scrub(error.reason)
            return .failure(ParseFailure(reason: "a connection string libpq accepts (" + reason.split(separator: "\n").joined(separator: " ") + ")"))
        }
        if let problem = options.connectTimeProblem { return .failure(ParseFailure(reason: problem)) }
        return .success(PostgreSQLURL(text: text))
    }

    package struct ParseFailure: Error, Equatable, Sendable {
        package let reason: String
    }

    /// The connection string with every secret replaced by `***`, for logs and messages.
    package var redacted: String { Self.redact(text) }

    package var description: String { redacted }
    package var debugDescription: String { redacted }
    package var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }

    /// `text` (a connection string, or what was given for one) with every secret replaced by `***`.
    package static func redact(_ text: String) -> String { URLSecrets(text).redacted }

    /// `message` (libpq's, say) with every secret of the connection string `text` replaced by `***`.
    package static func scrub(_ message: String, secretsOf text: String) -> String { URLSecrets(text).scrub(message) }
}
