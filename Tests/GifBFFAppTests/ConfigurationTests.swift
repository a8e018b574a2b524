import Foundation
@testable import GifBFFApp
import HTTPServer
import Model
import PexelsClient
import UnsplashClient
import XCTest

final class ConfigurationTests: XCTestCase {
    func testDefaultsAreALocalBackendOnPort8080() throws {
        let (configuration, outcome) = try ConfigurationLoader.load(arguments: [], environment: [:])
        XCTAssertEqual(outcome, .run)
        XCTAssertEqual(configuration.server.host, "127.0.0.1")
        XCTAssertEqual(configuration.server.port, 8080)
        XCTAssertEqual(configuration.databasePath, "gif-bff.sqlite3")
        XCTAssertEqual(configuration.logLevel, .info)
        XCTAssertNil(configuration.giphyAPIKey)
        XCTAssertEqual(configuration.giphyBaseURL, "https://api.giphy.com/v1")
        XCTAssertEqual(configuration.server.limits, HTTPLimits())
    }

    func testEnvironmentIsReadAndFlagsWin() throws {
        let environment = ["GIF_BFF_HOST": "::1", "GIF_BFF_PORT": "9000", "GIF_BFF_LOG_LEVEL": "warning",
                           "GIF_BFF_MAX_BODY_BYTES": "2048", "GIF_BFF_HEAD_TIMEOUT_SECONDS": "2.5",
                           "GIF_BFF_REQUEST_TIMEOUT_SECONDS": "45"]
        let (configuration, _) = try ConfigurationLoader.load(arguments: ["--port", "0", "--log-level=debug"], environment: environment)
        XCTAssertEqual(configuration.server.host, "::1")
        XCTAssertEqual(configuration.server.port, 0)
        XCTAssertEqual(configuration.logLevel, .debug)
        XCTAssertEqual(configuration.server.limits.maxBodyBytes, 2048)
        XCTAssertEqual(configuration.server.limits.headTimeout, .milliseconds(2500))
        XCTAssertEqual(configuration.server.limits.requestTimeout, .seconds(45))
    }

    /// Issue 12 and 14: the photo provider's settings and the analytics switch; a bad value names its setting.
    func testProviderAndAnalyticsSettingsAreReadAndCheckedByName() throws {
        let (defaults, _) = try ConfigurationLoader.load(arguments: [], environment: [:])
        XCTAssertNil(defaults.unsplashAccessKey)
        XCTAssertEqual(defaults.unsplashCallsPerHour, 50)
        XCTAssertEqual(defaults.defaultProvider, .giphy)
        XCTAssertEqual(defaults.appName, "gif-bff")
        let (set, _) = try ConfigurationLoader.load(
            arguments: ["--default-provider=Unsplash", "--unsplash-budget-per-hour=0", "--app-name=photo-app"],
            environment: ["UNSPLASH_ACCESS_KEY": " key-1\n", "UNSPLASH_BASE_URL": "http://127.0.0.1:9/"])
        XCTAssertEqual(set.unsplashAccessKey, "key-1")
        XCTAssertEqual(set.unsplashBaseURL, "http://127.0.0.1:9")
        XCTAssertNil(set.unsplashCallsPerHour, "0: no budget of ours")
        XCTAssertEqual(set.defaultProvider, .unsplash)
        XCTAssertEqual(set.appName, "photo-app")
        let bad: [(String, String)] = [
            ("--default-provider=ten or", "GIF_BFF_DEFAULT_PROVIDER"), ("--gif-providers=giphy,giphy", "GIF_BFF_GIF_PROVIDERS"), ("--photo-providers=", "GIF_BFF_PHOTO_PROVIDERS"), ("--unsplash-budget-per-hour=-1", "GIF_BFF_UNSPLASH_BUDGET_PER_HOUR"),
            ("--unsplash-base-url=ftp://x", "UNSPLASH_BASE_URL"), ("--app-name=my app", "GIF_BFF_APP_NAME"),
            ("--app-name=", "GIF_BFF_APP_NAME"), ("--giphy-analytics=maybe", "GIF_BFF_GIPHY_ANALYTICS"),
        ]
        for (argument, setting) in bad {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [argument], environment: [:]), argument) { error in
                XCTAssertTrue(String(describing: error).contains(setting), "\(argument): \(error)")
            }
        }
    }

    /// Issue 46.2: Pexels' key, base URL and budget, each checked by name.
    func testPexelsSettingsAreReadAndCheckedByName() throws {
        let (defaults, _) = try ConfigurationLoader.load(arguments: [], environment: [:])
        XCTAssertNil(defaults.pexelsAPIKey)
        XCTAssertEqual(defaults.pexelsBaseURL, "https://api.pexels.com")
        XCTAssertEqual(defaults.pexelsCallsPerHour, 150, "within Pexels' 200 an hour")
        let (set, _) = try ConfigurationLoader.load(
            arguments: ["--pexels-budget-per-hour=0", "--default-provider=Pexels"],
            environment: ["PEXELS_API_KEY": " key-2\n", "PEXELS_BASE_URL": "http://127.0.0.1:9/"])
        XCTAssertEqual(set.pexelsAPIKey, "key-2")
        XCTAssertEqual(set.pexelsBaseURL, "http://127.0.0.1:9")
        XCTAssertNil(set.pexelsCallsPerHour, "0: no budget of ours")
        XCTAssertEqual(set.defaultProvider, .pexels)
        for (argument, setting) in [("--pexels-budget-per-hour=-1", "GIF_BFF_PEXELS_BUDGET_PER_HOUR"),
                                    ("--pexels-budget-per-hour=many", "GIF_BFF_PEXELS_BUDGET_PER_HOUR"),
                                    ("--pexels-base-url=ftp://x", "PEXELS_BASE_URL")] {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [argument], environment: [:]), argument) { error in
                XCTAssertTrue(String(describing: error).contains(setting), "\(argument): \(error)")
            }
        }
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [], environment: ["PEXELS_API_KEY": "a", "PEXELS_API_KEY_FILE": "/x"])) { error in
            XCTAssertTrue(String(describing: error).contains("PEXELS_API_KEY"), "\(error)")
        }
    }

    func testErrorsNeverRepeatWhatMayBeAKey() {
        let key = "sk-secret-123"
        for arguments in [["-giphy-api-key=\(key)"], ["--port", "--giphy-api-key=\(key)"], ["--nope=\(key)"]] {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: arguments, environment: [:])) { error in
                XCTAssertFalse(String(describing: error).contains(key), "\(arguments): \(error)")
            }
        }
    }

    func testTheKeyLosesALineEndingFromAnEnvFile() throws {
        let (configuration, _) = try ConfigurationLoader.load(arguments: [], environment: ["GIPHY_API_KEY": "abc123\r\n"])
        XCTAssertEqual(configuration.giphyAPIKey, "abc123")
    }

    func testATimeoutThatRoundsToZeroIsRefused() {
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: ["--upstream-timeout-seconds", "0.0004"], environment: [:]))
        XCTAssertNoThrow(try ConfigurationLoader.load(arguments: ["--upstream-timeout-seconds", "0.001"], environment: [:]))
    }

    func testLocalhostMeansTheIPv4Loopback() throws {
        let (configuration, _) = try ConfigurationLoader.load(arguments: ["--host", "localhost"], environment: [:])
        XCTAssertEqual(configuration.server.host, "127.0.0.1")
    }

    func testABadValueNamesTheSetting() {
        let cases: [([String], [String: String], String)] = [
            (["--port", "http"], [:], "GIF_BFF_PORT (--port)"),
            ([], ["GIF_BFF_PORT": "70000"], "GIF_BFF_PORT (--port)"),
            ([], ["GIF_BFF_HOST": "localhost.example"], "GIF_BFF_HOST (--host)"),
            ([], ["GIF_BFF_LOG_LEVEL": "loud"], "GIF_BFF_LOG_LEVEL (--log-level)"),
            (["--max-connections", "0"], [:], "GIF_BFF_MAX_CONNECTIONS (--max-connections)"),
            (["--idle-timeout-seconds", "-1"], [:], "GIF_BFF_IDLE_TIMEOUT_SECONDS (--idle-timeout-seconds)"),
            ([], ["GIF_BFF_INSTALLS_NETWORK_SHARE_PERCENT": "101"],
             "GIF_BFF_INSTALLS_NETWORK_SHARE_PERCENT (--installs-network-share-percent)"),
            (["--installs-block-share-percent", "a quarter"], [:], "GIF_BFF_INSTALLS_BLOCK_SHARE_PERCENT (--installs-block-share-percent)"),
        ]
        for (arguments, environment, name) in cases {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: arguments, environment: environment)) { error in
                XCTAssertTrue(String(describing: error).contains(name), "\(error) does not name \(name)")
            }
        }
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: ["--nope"], environment: [:]))
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: ["--port"], environment: [:]))
    }

    func testHelpListsEverySettingWithItsDefault() throws {
        let (_, outcome) = try ConfigurationLoader.load(arguments: ["--help"], environment: [:])
        XCTAssertEqual(outcome, .help)
        for setting in Setting.all {
            XCTAssertTrue(ConfigurationLoader.helpText.contains(setting.flag))
            XCTAssertTrue(ConfigurationLoader.helpText.contains(setting.environment))
            XCTAssertTrue(ConfigurationLoader.helpText.contains("[default: \(setting.defaultText)]"))
        }
    }

    /// Issue 45.8: the help names both kinds of picture and the rule between a flag and its variable.
    func testHelpSaysGIFsAndPhotosAndThatAFlagWinsOverItsVariable() {
        let help = ConfigurationLoader.helpText
        XCTAssertTrue(help.contains("GIF and photo apps"), help)
        XCTAssertTrue(help.contains("photos (Unsplash)"), help)
        XCTAssertTrue(help.contains("a flag wins over its variable"), help)
    }

    /// Issue 32.5: each setting is declared once, its default the value `Configuration` starts
    /// with, written back by the setting's own reader. So a default read as a value gives the
    /// same default again, and every value written reads back as itself.
    /// Issue 33.5: a secret's file is read as its variable would be, and an empty variable of
    /// either kind counts as unset (a compose file's `${GIPHY_API_KEY_FILE:-}`), so it is not
    /// "both set".
    func testASecretFileIsReadAsItsVariableAndAnEmptyOneIsUnset() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-key-\(UUID().uuidString)")
        try Data("FILEKEY\r\n".utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        let fromFile = try ConfigurationLoader.load(arguments: [], environment: ["GIPHY_API_KEY_FILE": file.path, "GIPHY_API_KEY": ""]).0
        XCTAssertEqual(fromFile.giphyAPIKey, "FILEKEY")
        let fromVariable = try ConfigurationLoader.load(arguments: [], environment: ["GIPHY_API_KEY_FILE": "", "GIPHY_API_KEY": "PLAINKEY"]).0
        XCTAssertEqual(fromVariable.giphyAPIKey, "PLAINKEY")
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: ["--giphy-api-key-file", file.path], environment: ["GIPHY_API_KEY": "PLAINKEY"]))
    }

    func testEveryDefaultReadsBackAsItselfAndEveryValueWrittenToo() throws {
        // Defaults that describe rather than state a value (none set, or worked out at start-up).
        let described = ["GIF_BFF_DATABASE_URL", "GIPHY_API_KEY", "UNSPLASH_ACCESS_KEY", "GIF_BFF_PUBLIC_URL", "GIF_BFF_EVENT_LOOPS",
                         "GIF_BFF_ALLOWED_HOSTS", "GIF_BFF_UNSPLASH_BUDGET_PER_HOUR", "GIF_BFF_UPSTREAM_BUDGET_PER_HOUR",
                         "GIPHY_API_KEY_FILE", "UNSPLASH_ACCESS_KEY_FILE", "GIF_BFF_DATABASE_URL_FILE",
                         "KLIPY_API_KEY", "KLIPY_API_KEY_FILE", "PEXELS_API_KEY", "PEXELS_API_KEY_FILE", "GIF_BFF_PEXELS_BUDGET_PER_HOUR",
                         "GIF_BFF_ADMIN_TOKEN", "GIF_BFF_ADMIN_TOKEN_FILE"]
        XCTAssertEqual(Set(Setting.all.map(\.environment)).count, Setting.all.count, "each setting once")
        XCTAssertEqual(Set(Setting.all.map(\.flag)).count, Setting.all.count)
        for setting in Setting.all where !described.contains(setting.environment) {
            var configuration = Configuration()
            try setting.apply(setting.defaultText, to: &configuration)
            XCTAssertEqual(setting.written(configuration), setting.defaultText, setting.environment)
        }
        let values = ["GIF_BFF_PORT": "9090", "GIF_BFF_UPSTREAM_TIMEOUT_SECONDS": "2.5", "GIF_BFF_CACHE": "off",
                      "GIF_BFF_CACHE_FRESH_SECONDS": "0.25", "GIF_BFF_SPOTLIGHT_MINUTES": "1.5", "GIF_BFF_UPSTREAM_BUDGET_PER_HOUR": "100",
                      "GIF_BFF_CORS_ORIGINS": "http://app.example:5173,https://gifs.example", "GIF_BFF_TRUSTED_PROXIES": "10.0.0.0/8,::1",
                      "GIF_BFF_INSTALL_IDLE_DAYS": "0", "GIF_BFF_LOG_LEVEL": "warning", "GIF_BFF_INSTALLS": "required",
                      "GIF_BFF_BACKUP_DIR": "/var/backups/gif-bff", "GIF_BFF_BACKUP_INTERVAL_MINUTES": "30", "GIF_BFF_BACKUP_KEEP": "7",
                      "GIF_BFF_INSTALLS_NETWORK_SHARE_PERCENT": "0", "GIF_BFF_INSTALLS_BLOCK_SHARE_PERCENT": "50"]
        for (name, value) in values {
            let setting = try XCTUnwrap(Setting.all.first { $0.environment == name })
            var configuration = Configuration()
            try setting.apply(value, to: &configuration)
            XCTAssertEqual(setting.written(configuration), value, name)
        }
    }
}
