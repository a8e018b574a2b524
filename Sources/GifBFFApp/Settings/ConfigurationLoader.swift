import Foundation

/// Reads the configuration from the environment, then from flags, which win.
package enum ConfigurationLoader {
    package enum Outcome: Equatable {
        case run
        case help
    }

    package static func load(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> (Configuration, Outcome) {
        var configuration = Configuration()
        // The settings given a value (an empty one is the same as none), for the rules between them.
        var given: Set<String> = []
        for setting in Setting.all {
            if let value = environment[setting.environment] {
                try setting.apply(value, to: &configuration)
                if !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { given.insert(setting.environment) }
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return (configuration, .help) }
            let (flag, inlineValue) = split(argument)
            guard let setting = Setting.all.first(where: { $0.flag == flag }) else {
                // Only the name: what follows "=" may be a secret typed with the wrong flag.
                throw .unknownFlag(String(flag.prefix { $0 != "=" }))
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                // The next flag is not this one's value (and is never echoed as one).
                guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(flag: flag) }
                value = arguments[index]
                index += 1
            }
            try setting.apply(value, to: &configuration)
            if !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { given.insert(setting.environment) }
        }
        try checkConflicts(given: given, configuration: configuration)
        return (configuration, .run)
    }

    /// A value and the file meant to hold it, both given; settings of the SQLite file with PostgreSQL.
    private static func checkConflicts(given: Set<String>, configuration: Configuration) throws(ConfigurationError) {
        for file in Setting.all where given.contains(file.environment) {
            if let plain = file.fileOf, given.contains(plain), let plainSetting = Setting.all.first(where: { $0.environment == plain }) {
                throw .bothGiven(plainSetting.label, file.label)
            }
        }
        if configuration.databaseURL != nil, let backup = Setting.sqliteOnly.first(where: { given.contains($0.environment) }) {
            throw .sqliteOnly(setting: backup.label)
        }
    }

    /// `--flag=value` or `--flag` followed by the value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints: every setting with its variable, flag and default.
    package static var helpText: String {
        var lines = [
            "gif-bff: a local HTTP JSON backend for GIF and photo apps: search, trending and favorites",
            "of GIFs (GIPHY) and photos (Unsplash), with demo catalogs of both when no key is set.",
            "",
            "Usage: gif-bff [options]",
            "Each option can also be given by its environment variable; a flag wins over its variable.",
            "",
        ]
        let flagWidth = Setting.all.map { $0.flag.count + 8 }.max() ?? 20
        for setting in Setting.all {
            let flag = "\(setting.flag) VALUE".padding(toLength: flagWidth, withPad: " ", startingAt: 0)
            lines.append("  \(flag) \(setting.environment)")
            lines.append("      \(setting.help) [default: \(setting.defaultText)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
