import Glibc
import Synchronization

/// Structured log lines on a file descriptor (stderr by default).
/// Lines are written whole with one write(2), so lines from several threads never interleave.
public struct Logger: Sendable {
    public typealias Field = (key: String, value: LogValue)

    public let level: LogLevel
    public let format: LogFormat
    private let sink: LogSink

    public init(level: LogLevel, format: LogFormat = .logfmt, sink: LogSink = .standardError) {
        self.level = level
        self.format = format
        self.sink = sink
    }

    public func enabled(_ level: LogLevel) -> Bool { level >= self.level && self.level != .off }

    public func debug(_ message: String, _ fields: Field...) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: Field...) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: Field...) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: Field...) { log(.error, message, fields) }

    public func log(_ level: LogLevel, _ message: String, _ fields: [Field]) {
        guard enabled(level) else { return }
        sink.write(line(level, message, fields))
    }

    /// Writes already formatted lines as they are.
    func write(_ lines: String) { sink.write(lines) }

    /// The text of one line, newline included.
    func line(_ level: LogLevel, _ message: String, _ fields: [Field]) -> String {
        let all: [Field] = [("ts", .string(Timestamp.now())), ("level", .string(level.name)), ("msg", .string(message))] + fields
        switch format {
        case .logfmt:
            return all.map { "\($0.key)=\($0.value.logfmt)" }.joined(separator: " ") + "\n"
        case .json:
            return "{" + all.map { "\(JSONText.quoted($0.key)):\($0.value.json)" }.joined(separator: ",") + "}\n"
        }
    }
}

/// A value in a log line: text is quoted and escaped as the format needs, numbers are not.
public enum LogValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    var json: String {
        switch self {
        case .string(let text): JSONText.quoted(text)
        case .int(let number): String(number)
        }
    }

    var logfmt: String {
        switch self {
        case .int(let number):
            return String(number)
        case .string(let text):
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "=" && $0 != "\\"
            }
            return plain ? text : JSONText.quoted(text)
        }
    }
}

/// Where log lines go: a file descriptor, or memory (for tests).
public final class LogSink: Sendable {
    /// -1 for a sink that captures in memory.
    private let fd: Int32
    private let captured = Mutex<[String]>([])

    public static let standardError = LogSink(fd: 2)

    public init(fd: Int32) { self.fd = fd }

    /// A sink that keeps lines in memory instead of writing them (for tests).
    public static func capturing() -> LogSink { LogSink(fd: -1) }

    /// What a capturing sink has kept, as one string.
    public var capturedText: String { captured.withLock { $0.joined() } }

    public func write(_ text: String) {
        if fd < 0 {
            captured.withLock { $0.append(text) }
            return
        }
        var text = text
        text.withUTF8 { bytes in
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
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int(spec.tv_nsec / 1_000_000)
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(millis, width: 3))Z"
    }

    private static func pad(_ value: some BinaryInteger, width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
