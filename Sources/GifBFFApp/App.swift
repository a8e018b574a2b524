import API
import Dispatch
import Foundation
import HTTPServer
import Storage
import Synchronization

/// Start-up and shutdown of gif-bff: configuration, database, server, signals.
/// The executable's main calls `run`; tests call it too, with their own arguments and environment.
public enum App {
    /// Exit statuses: 0 after a clean shutdown or --help, 2 for a bad setting or database, 1 otherwise.
    public static func run(arguments: [String], environment: [String: String],
                           ready: (@Sendable (UInt16) -> Void)? = nil) async -> Int32 {
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
        do {
            _ = try AppDatabase.open(path: configuration.databasePath)
        } catch {
            printError("gif-bff: \(error)")
            return 2
        }
        let server = HTTPServer(configuration: configuration.server, responder: APIRouter.make(), logger: logger)
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            printError("gif-bff: \(error)")
            return 1
        }
        let signals = ShutdownSignals(server: server, logger: logger)
        logger.info("gif-bff listening", ("url", .string(url(host: configuration.server.host, port: port))),
                    ("database", .string(configuration.databasePath)))
        ready?(port)
        await server.waitUntilStopped()
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
