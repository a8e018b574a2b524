import API
import Foundation
/// One setting, declared once: its environment variable and flag, the field of `Configuration` it
/// sets (whose initial value is its default), how a text is read into that field, and its line for
/// `--help` and docs/configuration.md. The default as text is the default value written back by
/// the same reader, so it cannot drift from the value.
package struct Setting: Sendable {
    package let environment: String
    package let flag: String
    package let help: String
    /// Secrets are never printed back, not even in an error.
    package let isSecret: Bool
    /// The default as `--help` and docs/configuration.md write it.
    package let defaultText: String
    private let read: @Sendable (inout Configuration, String) throws(SettingValueError) -> Void
    /// The setting's value in a configuration, written as the setting is given.
    let written: @Sendable (Configuration) -> String
    /// For a setting read from a file (`GIPHY_API_KEY_FILE`): the variable of the setting it
    /// gives the value of, which it excludes.
    let fileOf: String?

    /// `defaultText`: only where the default is worked out at start-up (from the machine) and so
    /// has no one value to write.
    init<Value: Sendable>(_ environment: String, _ flag: String, _ field: any WritableKeyPath<Configuration, Value> & Sendable,
                _ reader: SettingReader<Value>, secret: Bool = false, defaultText: String? = nil, _ help: String) {
        self.environment = environment
        self.flag = flag
        self.help = help
        self.isSecret = secret
        written = { configuration in reader.write(configuration[keyPath: field]) }
        self.defaultText = defaultText ?? reader.write(Configuration()[keyPath: field])
        read = { configuration, text throws(SettingValueError) in configuration[keyPath: field] = try reader.read(text) }
        fileOf = nil
    }

    /// `plain`'s value from a file named by this setting (a Docker or Kubernetes secret): the
    /// file's content (`SecretFile`) read as `plain` reads its text. Refusals show the path, never
    /// the content.
    init(fileOf plain: Setting, _ environment: String, _ flag: String) {
        self.environment = environment
        self.flag = flag
        help = "a file holding the value of \(plain.environment) (a Docker or Kubernetes secret), one trailing line break dropped; "
            + "not with \(plain.environment)"
        isSecret = false
        defaultText = "(none)"
        written = { _ in "(none)" }
        fileOf = plain.environment
        read = { configuration, path throws(SettingValueError) in
            // Empty is unset, as for the variable itself (`GIPHY_API_KEY_FILE: ${GIPHY_API_KEY_FILE:-}` in a compose file).
            guard !path.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            let content = try SecretFile.read(path)
            do throws(SettingValueError) {
                try plain.read(&configuration, content)
            } catch {
                throw SettingValueError(expected: "a file holding \(error.expected)")
            }
        }
    }

    /// The name an error message uses: both ways of giving the setting.
    var label: String { "\(environment) (\(flag))" }

    /// Sets the field from `text`; a refusal names the setting, what was expected, and the text
    /// unless the setting is a secret.
    func apply(_ text: String, to configuration: inout Configuration) throws(ConfigurationError) {
        do throws(SettingValueError) {
            try read(&configuration, text)
        } catch {
            throw .invalidValue(setting: label, value: isSecret ? "(not shown)" : "\"\(text)\"", expected: error.expected)
        }
    }
}
