import HTTPServer
import Service
import Model

/// Deletes the installs unused for `GIF_BFF_INSTALL_IDLE_DAYS` at start and then every hour
/// (`Installs.expireIdle`), logging how many went. On a fleet each instance sweeps: a
/// row one deletes is gone for the others, and one being deleted is skipped.
final class IdleInstallSweeper: Sendable {
    static let interval: Duration = .seconds(3_600)

    private let task: Task<Void, Never>

    init(installs: Installs, idleDays: Int, every interval: Duration = IdleInstallSweeper.interval, logger: Logger) {
        task = Task.detached(priority: .background) {
            while !Task.isCancelled {
                do throws(ServiceError) {
                    let deleted = try await installs.expireIdle()
                    if deleted > 0 {
                        logger.info("idle installs deleted", ("count", .int(deleted)), ("idle_days", .int(idleDays)))
                    }
                } catch {
                    // Tried again at the next sweep; an unexpected failure was reported as such.
                    logger.warning("idle installs not deleted", ("reason", .string(error.detail)))
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops sweeping; a sweep under way ends after its batch, before this returns, so the
    /// database can close.
    func stop() async {
        task.cancel()
        await task.value
    }
}
