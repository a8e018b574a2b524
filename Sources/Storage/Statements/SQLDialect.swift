import PostgreSQL
import SQLite

/// How one database spells what `SQLStatement` writes once: its placeholders, its driver's
/// values and the few words that differ (`SQLSpelling`). Everything else both take as written:
/// upserts (ON CONFLICT ... excluded), RETURNING, common table expressions, count/min/max/coalesce.
protocol SQLDialect {
    /// The driver's value (`SQLiteValue`, `PGValue`).
    associatedtype Argument: Sendable

    static var engine: SQLEngine { get }
    /// The placeholder of the `position`-th value (from 1).
    static func placeholder(_ position: Int) -> String
    static func spell(_ spelling: SQLSpelling) -> String
    static func argument(_ value: SQLValue) -> Argument
}

/// Which database a dialect is, for the rare statement written for each (`InstallRepository.recordUse`).
enum SQLEngine: Sendable {
    case sqlite
    case postgreSQL
}

/// The words the two databases spell apart, written once in a statement.
enum SQLSpelling: Sendable {
    /// After a SELECT in a write: its rows locked until the transaction ends.
    case forUpdate
    /// After a SELECT in a write: its rows locked, rows another transaction holds skipped.
    case forUpdateSkipLocked
    /// Before a number of rows to skip, with no limit after it; `\(offset: n)` writes both.
    case offsetWithoutLimit
    /// The function giving where a text is found in another, from 1 (0 when it is not):
    /// `\(.substringPosition)(haystack, needle)`, the same arguments in both.
    case substringPosition
}

/// SQLite 3.35 or later (RETURNING, MATERIALIZED): Debian 12 has 3.40.
enum SQLiteDialect: SQLDialect {
    static var engine: SQLEngine { .sqlite }

    /// `?` takes the values in order.
    static func placeholder(_ position: Int) -> String { "?" }

    static func spell(_ spelling: SQLSpelling) -> String {
        switch spelling {
        // No row locks: SQLite's write transaction (BEGIN IMMEDIATE) holds the whole file, so
        // writes already run one after another.
        case .forUpdate, .forUpdateSkipLocked: ""
        // An OFFSET only after a LIMIT, where -1 means none.
        case .offsetWithoutLimit: "LIMIT -1 OFFSET "
        case .substringPosition: "instr"
        }
    }

    static func argument(_ value: SQLValue) -> SQLiteValue {
        switch value {
        case .text(let text): .text(text)
        case .integer(let number): .integer(number)
        case .bytes(let bytes): .blob(bytes)
        case .null: .null
        }
    }
}

enum PostgreSQLDialect: SQLDialect {
    static var engine: SQLEngine { .postgreSQL }

    static func placeholder(_ position: Int) -> String { "$\(position)" }

    static func spell(_ spelling: SQLSpelling) -> String {
        switch spelling {
        case .forUpdate: "FOR UPDATE"
        case .forUpdateSkipLocked: "FOR UPDATE SKIP LOCKED"
        case .offsetWithoutLimit: "OFFSET "
        case .substringPosition: "strpos"
        }
    }

    static func argument(_ value: SQLValue) -> PGValue {
        switch value {
        case .text(let text): .text(text)
        case .integer(let number): .integer(number)
        case .bytes(let bytes): .bytes(bytes)
        case .null: .null
        }
    }
}
