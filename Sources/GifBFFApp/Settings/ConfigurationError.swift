/// Why start-up stopped before serving; the message names the setting and never echoes a secret.
package enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidValue(setting: String, value: String, expected: String)
    case unknownFlag(String)
    case missingValue(flag: String)

    package var description: String {
        switch self {
        case .invalidValue(let setting, let value, let expected):
            return "invalid \(setting): \(value) (expected \(expected))"
        case .unknownFlag(let flag):
            return "unknown option \(flag) (see --help)"
        case .missingValue(let flag):
            return "option \(flag) needs a value"
        }
    }
}
