import ASCII
import JSON
import Glibc
import Synchronization

/// Structured log lines on a file descriptor (stderr by default).
/// Lines are written whole with one write(2), so lines from several threads never interleave.
package struct Logger: Sendable {
    package typealias Field = (key: String, value: LogValue)

    package let level: LogLevel
    package let format: LogFormat
    private let sink: LogSink

    package init(level: LogLevel, format: LogFormat = .logfmt, sink: LogSink = .standardError) {
        self.level = level
        self.format = format
        self.sink = sink
    }

    package func enabled(_ level: LogLevel) -> Bool { level >= self.level && self.level != .off }

    package func debug(_ message: String, _ fields: Field...) { log(.debug, message, fields) }
    package func info(_ message: String, _ fields: Field...) { log(.info, message, fields) }
    package func warning(_ message: String, _ fields: Field...) { log(.warning, message, fields) }
    package func error(_ message: String, _ fields: Field...) { log(.error, message, fields) }

    package func log(_ level: LogLevel, _ message: String, _ fields: [Field]) {
        guard enabled(level) else { return }
        var bytes: [UInt8] = []
        append(level, message, fields, timestamp: Timestamp.now(), to: &bytes)
        sink.write(bytes)
    }

    /// Writes already formatted lines as they are.
    func write(_ lines: [UInt8]) { sink.write(lines) }

    /// The text of one line, newline included.
    func line(_ level: LogLevel, _ message: String, _ fields: [Field]) -> String {
        var bytes: [UInt8] = []
        append(level, message, fields, timestamp: Timestamp.now(), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one line, newline included, as bytes: an event loop writes one access line per
    /// request into a buffer it flushes once a turn, with a `timestamp` it formats once a millisecond.
    func append(_ level: LogLevel, _ message: String, _ fields: [Field], timestamp: String, to out: inout [UInt8]) {
        begin(level, message, timestamp: timestamp, to: &out)
        for field in fields { append(field.key, field.value, to: &out) }
        end(&out)
    }

    /// An access line (`msg=request`, at info): as `append` writes it with these five fields,
    /// without an array of fields made for every request, and the text between the values copied
    /// as one run of bytes (every request's line passes here).
    func appendAccess(method: String, path: String, status: Int, bytes: Int, durationMicroseconds: Int,
                      timestamp: String, to out: inout [UInt8]) {
        let text = format == .logfmt ? AccessText.logfmt : AccessText.json
        Self.append(text.timestamp, to: &out)
        appendText(timestamp, to: &out)
        Self.append(text.method, to: &out)
        appendText(method, to: &out)
        Self.append(text.path, to: &out)
        appendText(path, to: &out)
        Self.append(text.status, to: &out)
        out.appendDecimal(status)
        Self.append(text.bytes, to: &out)
        out.appendDecimal(bytes)
        Self.append(text.duration, to: &out)
        out.appendDecimal(durationMicroseconds)
        Self.append(text.end, to: &out)
    }

    /// What an access line has between its values, in each format.
    private struct AccessText {
        let timestamp, method, path, status, bytes, duration, end: StaticString

        static let logfmt = AccessText(timestamp: "ts=", method: " level=info msg=request method=", path: " path=",
                                       status: " status=", bytes: " bytes=", duration: " duration_us=", end: "\n")
        static let json = AccessText(timestamp: "{\"ts\":", method: ",\"level\":\"info\",\"msg\":\"request\",\"method\":",
                                     path: ",\"path\":", status: ",\"status\":", bytes: ",\"bytes\":",
                                     duration: ",\"duration_us\":", end: "}\n")
    }

    /// Text as a value of this format: as it is or quoted (logfmt), always quoted (JSON).
    private func appendText(_ text: String, to out: inout [UInt8]) {
        switch format {
        case .logfmt: LogValue.string(text).appendLogfmt(to: &out)
        case .json: JSONWriter.appendQuoted(text, to: &out)
        }
    }

    /// Fixed text, copied from where the program keeps it (a static array would be retained and
    /// released by both loops on every line).
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private func begin(_ level: LogLevel, _ message: String, timestamp: String, to out: inout [UInt8]) {
        switch format {
        case .logfmt:
            Self.appendLogfmt("ts", .string(timestamp), to: &out, first: true)
            Self.appendLogfmt("level", .string(level.name), to: &out)
            Self.appendLogfmt("msg", .string(message), to: &out)
        case .json:
            out.append(UInt8(ascii: "{"))
            Self.appendJSON("ts", .string(timestamp), to: &out, first: true)
            Self.appendJSON("level", .string(level.name), to: &out)
            Self.appendJSON("msg", .string(message), to: &out)
        }
    }

    private func append(_ key: String, _ value: LogValue, to out: inout [UInt8]) {
        switch format {
        case .logfmt: Self.appendLogfmt(key, value, to: &out)
        case .json: Self.appendJSON(key, value, to: &out)
        }
    }

    private func end(_ out: inout [UInt8]) {
        switch format {
        case .logfmt: out.append(0x0A)
        case .json: out.append(contentsOf: "}\n".utf8)
        }
    }

    private static func appendLogfmt(_ key: String, _ value: LogValue, to out: inout [UInt8], first: Bool = false) {
        if !first { out.append(0x20) }
        out.appendUTF8(key)
        out.append(UInt8(ascii: "="))
        value.appendLogfmt(to: &out)
    }

    private static func appendJSON(_ key: String, _ value: LogValue, to out: inout [UInt8], first: Bool = false) {
        if !first { out.append(UInt8(ascii: ",")) }
        JSONWriter.appendQuoted(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.appendJSON(to: &out)
    }
}

/// A value in a log line: text is quoted and escaped as the format needs, numbers are not.
package enum LogValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }

    func appendJSON(to out: inout [UInt8]) {
        switch self {
        case .string(let text): JSONWriter.appendQuoted(text, to: &out)
        case .int(let number): out.appendDecimal(number)
        }
    }

    /// Numbers as they are; text as it is when it has no space, control character, quote, `=` or
    /// backslash (read as UTF-8 bytes: a byte of a non-ASCII character is never one of those),
    /// else quoted as JSON. Read from contiguous bytes, and a number written without a string made
    /// for it: every request's access line passes here.
    func appendLogfmt(to out: inout [UInt8]) {
        switch self {
        case .int(let number):
            out.appendDecimal(number)
        case .string(let text):
            let plain = text.withUTF8Bytes { bytes in
                !bytes.isEmpty && bytes.allSatisfy {
                    $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "\\")
                }
            }
            if plain {
                out.appendUTF8(text)
            } else {
                JSONWriter.appendQuoted(text, to: &out)
            }
        }
    }
}

/// Where log lines go: a file descriptor, or memory (for tests).
package final class LogSink: Sendable {
    /// -1 for a sink that captures in memory.
    private let fd: Int32
    private let captured = Mutex<[String]>([])

    package static let standardError = LogSink(fd: 2)

    package init(fd: Int32) { self.fd = fd }

    /// A sink that keeps lines in memory instead of writing them (for tests).
    package static func capturing() -> LogSink { LogSink(fd: -1) }

    /// What a capturing sink has kept, as one string.
    package var capturedText: String { captured.withLock { $0.joined() } }

    package func write(_ text: String) {
        write(Array(text.utf8))
    }

    package func write(_ bytes: [UInt8]) {
        if fd < 0 {
            captured.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            return
        }
        bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// RFC 3339 UTC timestamps with milliseconds.
enum Timestamp {
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return format(spec)
    }

    /// "2026-11-27T01:20:00.123Z", written as bytes (the event loops format one a millisecond
    /// under load; interpolating it made a string for every part). A year past 9999 or before 0
    /// is written as its last four digits: no clock here reads one.
    static func format(_ spec: timespec) -> String {
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int(spec.tv_nsec / 1_000_000)
        return String(unsafeUninitializedCapacity: 24) { out in
            var index = 0
            func digits(_ value: Int, _ width: Int) {
                var rest = abs(value)
                for position in stride(from: index + width - 1, through: index, by: -1) {
                    out[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += width
            }
            func mark(_ byte: Unicode.Scalar) {
                out[index] = UInt8(ascii: byte)
                index += 1
            }
            digits(Int(parts.tm_year) + 1900, 4); mark("-"); digits(Int(parts.tm_mon) + 1, 2); mark("-")
            digits(Int(parts.tm_mday), 2); mark("T"); digits(Int(parts.tm_hour), 2); mark(":")
            digits(Int(parts.tm_min), 2); mark(":"); digits(Int(parts.tm_sec), 2); mark(".")
            digits(millis, 3); mark("Z")
            return index
        }
    }

    /// The timestamp, formatted again only when the millisecond changed (one per event loop),
    /// and the clock read once a loop turn: the lines of one turn are written within it, and
    /// under load a turn answers many requests (each read its own clock before).
    struct Cache {
        private var millisecond: Int = -1
        private var text = ""
        private var read = false

        /// A new turn: the next line reads the clock again.
        mutating func turnBegan() { read = false }

        mutating func now() -> String {
            guard !read else { return text }
            read = true
            var spec = timespec()
            clock_gettime(CLOCK_REALTIME, &spec)
            let current = spec.tv_sec &* 1000 &+ spec.tv_nsec / 1_000_000
            if current != millisecond {
                millisecond = current
                text = Timestamp.format(spec)
            }
            return text
        }
    }
}
