/// How much the server logs; each level includes the ones above it.
package enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error, off

    package init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        case "off", "none": self = .off
        default: return nil
        }
    }

    package var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        case .off: "off"
        }
    }

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One line of logfmt (`key=value ...`) or one JSON object per line.
package enum LogFormat: String, Sendable, CaseIterable {
    case logfmt, json
}
