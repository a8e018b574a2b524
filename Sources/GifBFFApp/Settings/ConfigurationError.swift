/// Why start-up stopped before serving; the message names the setting and never echoes a secret.
package enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidValue(setting: String, value: String, expected: String)
    case unknownFlag(String)
    case missingValue(flag: String)
    /// A secret given both as itself and as a file to read it from.
    case bothGiven(String, String)
    /// A setting of the SQLite file (backups) with GIF_BFF_DATABASE_URL.
    case sqliteOnly(setting: String)

    package var description: String {
        switch self {
        case .invalidValue(let setting, let value, let expected):
            return "invalid \(setting): \(value) (expected \(expected))"
        case .unknownFlag(let flag):
            return "unknown option \(flag) (see --help)"
        case .missingValue(let flag):
            return "option \(flag) needs a value"
        case .bothGiven(let plain, let file):
            return "\(plain) and \(file) are both set: give one of them"
        case .sqliteOnly(let setting):
            return "\(setting) backs up the SQLite file, and GIF_BFF_DATABASE_URL keeps everything in PostgreSQL: back that up with pg_dump and unset \(setting)"
        }
    }
}
