import Foundation
/// Why the database could not be opened at start-up. Its description is one line naming
/// the path, meant to be printed before exiting with status 2.
package enum StorageOpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder or the file cannot be created or written.
    case cannotWrite(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file was made by a newer gif-bff.
    case schemaTooNew(path: String, found: Int, latestKnown: Int)
    /// A step of the upgrade to this program's schema failed; the file is left as it was, at
    /// `found`, for the gif-bff that made it.
    case upgradeFailed(path: String, found: Int, latest: Int, reason: String)
    /// Anything else SQLite refused while opening or migrating.
    case failed(path: String, reason: String)

    package var path: String {
        switch self {
        case .cannotWrite(let path, _), .notADatabase(let path),
             .schemaTooNew(let path, _, _), .upgradeFailed(let path, _, _, _), .failed(let path, _):
            return path
        }
    }

    package var description: String {
        let text: String
        switch self {
        case .cannotWrite(let path, let reason):
            text = "cannot write the database \(path): \(reason)"
        case .notADatabase(let path):
            text = "the database \(path) is not an SQLite database"
        case .schemaTooNew(let path, let found, let latestKnown):
            text = "the database \(path) has schema version \(found), newer than this program's \(latestKnown)"
        case .upgradeFailed(let path, let found, let latest, let reason):
            text = "cannot upgrade the database \(path) from schema version \(found) to \(latest), "
                + "so it is left as it was (the gif-bff that made it still opens it): \(reason)"
        case .failed(let path, let reason):
            text = "cannot open the database \(path): \(reason)"
        }
        return Self.oneLine(text)
    }

    /// Paths and messages may hold line breaks; the description must stay on one line.
    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }
}
