/// How much the server logs; each level includes the ones above it.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error, off

    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        case "off", "none": self = .off
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        case .off: "off"
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One line of logfmt (`key=value ...`) or one JSON object per line.
public enum LogFormat: String, Sendable, CaseIterable {
    case logfmt, json
}
