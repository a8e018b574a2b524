import Foundation
import HTTPServer
import Model
import PostgreSQL
import Service
import Storage
import PexelsClient
import UnsplashClient

/// The executable's life: configuration, start-up, the one line a user needs, signals, exit status.
package enum App {
    /// Exit statuses: 0 after a clean shutdown or --help, 2 for a bad setting or database, 1 otherwise.
    package static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let configuration: Configuration
        do {
            let (loaded, outcome) = try ConfigurationLoader.load(arguments: arguments, environment: environment)
            if outcome == .help {
                FileHandle.standardOutput.write(Data(ConfigurationLoader.helpText.utf8))
                return 0
            }
            configuration = loaded
        } catch {
            printError("gif-bff: \(error)")
            return 2
        }
        let logger = Logger(level: configuration.logLevel, format: configuration.logFormat)
        for unknown in UnknownVariable.all(in: environment) {
            logger.warning("unknown variable ignored", ("variable", .string(unknown.name)), ("did_you_mean", .string(unknown.closest)))
        }
        let app: RunningApp
        do {
            app = try RunningApp.start(configuration, logger: logger)
        } catch let error as StorageOpenError {
            printError("gif-bff: \(error)")
            return 2
        } catch let error as ConfigurationError {
            printError("gif-bff: \(error)")
            return 2
        } catch {
            printError("gif-bff: \(error)")
            return 1
        }
        let signals: ShutdownSignals
        do {
            signals = try ShutdownSignals(app: app, drain: configuration.drainPeriod, logger: logger, onBackupRequest: {
                // Caught either way: SIGUSR1's default would end the server.
                if !app.requestBackup() { logger.warning("SIGUSR1 ignored: no GIF_BFF_BACKUP_DIR set") }
            })
        } catch {
            printError("gif-bff: \(error)")
            await app.shutdown()
            return 1
        }
        let address = url(host: configuration.server.host, port: app.port)
        // database_server: the PostgreSQL server reached (of several hosts, the writable one).
        logger.log(.info, "gif-bff listening", [("url", .string(address)), ("database", .string(configuration.databaseURL?.redacted ?? configuration.databasePath)),
                    ("upstream", .string(app.isDemo ? "demo" : "giphy")),
                    ("demo_providers", .string(app.demoProviders.map(\.rawValue).joined(separator: ","))),
                    ("installs", .string(configuration.installPolicy.rawValue))]
                    + (app.databaseServer.map { [("database_server", .string($0))] } ?? []))
        for provider in app.demoProviders {
            if let notice = DemoNotice.of(provider, address: address) { printError(notice) }
        }
        await app.waitUntilStopped()
        signals.cancel()
        logger.info("gif-bff stopped")
        return 0
    }

    static func url(host: String, port: UInt16) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
