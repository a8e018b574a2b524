import CPostgreSQL
import Foundation

/// One libpq connection. Not Sendable: it lives on one thread (a `PGPool` slot's, or the
/// listener's). Each statement is prepared once on this connection and reused (by its SQL text);
/// parameters go apart from the SQL, so no value is ever spliced into it.
package final class PGConnection {
    private let handle: OpaquePointer
    private let warnings = ServerWarnings()
    /// How long a commit may wait for a synchronous standby before it is cancelled.
    private let commitLimit: Duration
    private var prepared: [String: String] = [:]
    private var nextStatement = 0

    /// Defaults for every connection, each overridden by the connection string when it names it:
    /// a short connect timeout (per host), TCP keepalives and a user timeout (a vanished server is
    /// noticed within seconds), the application's name, and of several hosts the one that takes
    /// writes (libpq's default, `any`, would settle on the first that answers, a standby too).
    static let connectionSettings: [(String, String)] = [
        ("connect_timeout", "3"), ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"),
        ("keepalives_count", "2"), ("tcp_user_timeout", "6000"), ("application_name", "gif-bff"),
        ("target_session_attrs", "read-write"),
    ]

    /// `url`: a connection string libpq takes (see `PostgreSQLURL`). A statement that runs longer
    /// than `statementTimeoutMilliseconds` is cancelled by the server.
    package init(url: String, statementTimeoutMilliseconds: Int = 10_000) throws(PostgreSQLError) {
        // libpq keeps the last value of a keyword: the string (expanded from `dbname`) comes last.
        let keywords = Self.connectionSettings.map(\.0) + ["dbname"]
        let values = Self.connectionSettings.map(\.1) + [url]
        let connection: OpaquePointer? = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
        }
        guard let connection else { throw PostgreSQLError(.connection, message: "libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            // libpq may quote a value of the URL (a port, a host, a file it could not read): none of its secrets.
            let message = PostgreSQLURL.scrub(Self.message(PQerrorMessage(connection)), secretsOf: url)
            PQfinish(connection)
            throw PostgreSQLError(.connection, message: message)
        }
        handle = connection
        commitLimit = .milliseconds(max(1, statementTimeoutMilliseconds))
        warnings.receive(on: connection)
        // WARNINGs reach us whatever the server's default: a commit is judged by them too.
        try executeScript("SET statement_timeout = \(max(1, statementTimeoutMilliseconds)); SET client_min_messages = warning")
    }

    deinit { PQfinish(handle) }

    /// False once the connection is lost; a broken connection is dropped, not reused.
    package var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    /// The server this connection reached, `host:port` as libpq says (of several hosts, the one
    /// it settled on; a socket's folder for a local one).
    package var server: String {
        let host = PQhost(handle).map { String(cString: $0) } ?? ""
        let port = PQport(handle).map { String(cString: $0) } ?? ""
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// True when the server takes writes now: not a standby (in recovery), not read-only by
    /// default. A connection that lands on one that does not is never used for writes.
    package func isWritable() throws(PostgreSQLError) -> Bool {
        try queryFirst("SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off'")?.bool(at: 0) ?? false
    }

    /// True when the server sent something to this connection while it waited idle between
    /// statements, without a wait: nothing is due then but the server ending the connection (a
    /// shutdown, a failover, pg_terminate_backend), so an idle connection that heard anything is
    /// not used again. Not for a listening connection, which hears notifications.
    package var heardWhileIdle: Bool { shim_wait_readable(socket, 0) != 0 }

    /// The socket, for waiting on notifications.
    var socket: Int32 { PQsocket(handle) }

    /// The rows `sql` returns.
    @discardableResult
    package func query(_ sql: String, _ parameters: [PGValue] = []) throws(PostgreSQLError) -> [PGRow] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        let rows = Int(PQntuples(result)), columns = Int(PQnfields(result))
        var out: [PGRow] = []
        out.reserveCapacity(rows)
        for row in 0..<rows {
            var values: [String?] = []
            values.reserveCapacity(columns)
            for column in 0..<columns {
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 {
                    values.append(nil)
                } else {
                    values.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                }
            }
            out.append(PGRow(values: values, sql: sql))
        }
        return out
    }

    /// The first row, or nil.
    package func queryFirst(_ sql: String, _ parameters: [PGValue] = []) throws(PostgreSQLError) -> PGRow? {
        try query(sql, parameters).first
    }

    /// Runs `sql` and returns how many rows it changed.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [PGValue] = []) throws(PostgreSQLError) -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Several statements at once, without parameters (migrations, settings); not prepared.
    package func executeScript(_ sql: String) throws(PostgreSQLError) {
        guard let result = PQexec(handle, sql) else { throw lost(sql) }
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    package func transaction<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try executeScript("BEGIN")
        do {
            let value = try body(self)
            _ = warnings.take()
            let watchdog = CommitWatchdog(handle: handle, limit: commitLimit)
            defer { watchdog?.disarm() }
            try executeScript("COMMIT")
            // A WARNING on COMMIT (01000): its wait for a synchronous standby was cancelled, so
            // the change may be on this server only; a failover could lose it. Not acknowledged:
            // a lost connection's failure (the caller answers 503), the connection dropped.
            if warnings.take().contains("01000") {
                throw PostgreSQLError(.connection, sqlState: "01000",
                                      message: "the commit was not confirmed by the synchronous standby (it may be on the primary only)")
            }
            return value
        } catch {
            if isUsable { try? executeScript("ROLLBACK") }
            throw error
        }
    }

    /// Notifications received so far (after `LISTEN`), read from the socket without waiting.
    func notifications() throws(PostgreSQLError) -> [(channel: String, payload: String)] {
        guard PQconsumeInput(handle) == 1 else { throw lost(nil) }
        var found: [(String, String)] = []
        while let notice = PQnotifies(handle) {
            found.append((String(cString: notice.pointee.relname), String(cString: notice.pointee.extra)))
            PQfreemem(notice)
        }
        return found
    }

    private func run(_ sql: String, _ parameters: [PGValue]) throws(PostgreSQLError) -> OpaquePointer {
        let name = try statementName(for: sql, parameterCount: parameters.count)
        var texts: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        defer { for pointer in texts { free(pointer) } }
        for parameter in parameters {
            switch parameter {
            case .text(let text): texts.append(strdup(text)); lengths.append(0); formats.append(0)
            case .integer(let number): texts.append(strdup(String(number))); lengths.append(0); formats.append(0)
            case .bool(let flag): texts.append(strdup(flag ? "t" : "f")); lengths.append(0); formats.append(0)
            case .null: texts.append(nil); lengths.append(0); formats.append(0)
            case .bytes(let data):
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, data.count))
                data.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { buffer.withMemoryRebound(to: UInt8.self, capacity: data.count) { $0.update(from: base.assumingMemoryBound(to: UInt8.self), count: data.count) } }
                }
                // free() releases what allocate made: both are malloc on Linux.
                texts.append(buffer); lengths.append(Int32(data.count)); formats.append(1)
            }
        }
        let result = texts.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                PQexecPrepared(handle, name, Int32(parameters.count), values.baseAddress, lengths, formats, 0)
            }
        }
        guard let result else { throw lost(sql) }
        do {
            try check(result, sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func statementName(for sql: String, parameterCount: Int) throws(PostgreSQLError) -> String {
        if let name = prepared[sql] { return name }
        nextStatement += 1
        let name = "gifbff_\(nextStatement)"
        guard let result = PQprepare(handle, name, sql, Int32(parameterCount), nil) else { throw lost(sql) }
        defer { PQclear(result) }
        try check(result, sql)
        prepared[sql] = name
        return name
    }

    private func check(_ result: OpaquePointer, _ sql: String?) throws(PostgreSQLError) {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = Self.message(PQresultErrorMessage(result))
            throw PostgreSQLError(isUsable ? .statement : .connection, sqlState: state, message: message, sql: sql)
        }
    }

    private func lost(_ sql: String?) -> PostgreSQLError {
        PostgreSQLError(.connection, message: Self.message(PQerrorMessage(handle)), sql: sql)
    }

    static func message(_ text: UnsafePointer<CChar>?) -> String {
        let message = text.map { String(cString: $0) } ?? ""
        let trimmed = message.split(separator: "\n").joined(separator: " ")
        return trimmed.isEmpty ? "no message" : trimmed
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R?) -> R? {
        let pointers = strings.map { UnsafePointer<CChar>(strdup($0)) } + [nil]
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        return pointers.withUnsafeBufferPointer { buffer in buffer.baseAddress.flatMap(body) }
    }
}
