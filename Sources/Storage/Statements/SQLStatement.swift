import Foundation

/// One statement written once for both databases, as a string with values interpolated:
///
///     "SELECT value, stored_at FROM response_cache WHERE cache_key = \(key)"
///
/// It is written in `Dialect` as it is interpolated (a store's statement takes its connection's):
/// an interpolated value is bound as an argument behind the dialect's placeholder, never spliced
/// into the text; an interpolated `SQLSpelling` is one of the few words the databases spell apart.
/// The text is the same for every call of a statement whatever its values, so each driver's
/// prepared-statement cache (keyed by text) keeps hitting.
struct SQLStatement<Dialect: SQLDialect>: ExpressibleByStringInterpolation {
    let sql: String
    let arguments: [Dialect.Argument]

    init(stringLiteral text: String) {
        sql = text
        arguments = []
    }

    init(stringInterpolation: Interpolation) {
        sql = stringInterpolation.sql
        arguments = stringInterpolation.arguments
    }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var sql = ""
        fileprivate var arguments: [Dialect.Argument] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            // Room for a placeholder or a short word each, so the text is one allocation.
            sql.reserveCapacity(literalCapacity + 8 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        mutating func appendLiteral(_ text: String) { sql += text }

        mutating func appendInterpolation(_ value: SQLValue) {
            arguments.append(Dialect.argument(value))
            sql += Dialect.placeholder(arguments.count)
        }

        mutating func appendInterpolation(_ text: String) { appendInterpolation(SQLValue.text(text)) }
        mutating func appendInterpolation(_ number: Int64) { appendInterpolation(SQLValue.integer(number)) }
        /// Int is 64-bit on every platform we build for.
        mutating func appendInterpolation(_ number: Int) { appendInterpolation(SQLValue.integer(Int64(number))) }
        mutating func appendInterpolation(_ bytes: Data) { appendInterpolation(SQLValue.bytes(bytes)) }
        /// NULL when nil.
        mutating func appendInterpolation(_ bytes: Data?) { appendInterpolation(bytes.map(SQLValue.bytes) ?? .null) }
        /// As whole milliseconds since 1970, as every time is stored.
        mutating func appendInterpolation(_ date: Date) { appendInterpolation(SQLValue.integer(Milliseconds.from(date))) }
        mutating func appendInterpolation(_ spelling: SQLSpelling) { sql += Dialect.spell(spelling) }

        /// Text written in the program (a `StaticString` is only ever a literal), never a value.
        mutating func appendInterpolation(sql text: StaticString) { sql += text.description }

        /// Every row after the first `count` (the rows' order given before it).
        mutating func appendInterpolation(offset count: Int) {
            appendInterpolation(SQLSpelling.offsetWithoutLimit)
            appendInterpolation(count)
        }
    }
}
