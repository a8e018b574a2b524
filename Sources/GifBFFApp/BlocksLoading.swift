import HTTPServer
import Model
import Service

/// The operator's blocks are read from the store in the background as the server starts (start-up
/// is synchronous, and a thread of the task pool must not be held waiting for a task). Until they
/// are read, `/readyz` answers not ready (a balancer sends the instance nothing yet) and each probe
/// tries the read again; a request sent anyway in those first milliseconds is served without them.
enum BlocksLoading {
    static func start(_ moderation: Moderation, logger: Logger) {
        Task.detached {
            do throws(ServiceError) {
                try await moderation.reload()
            } catch {
                logger.error("blocks not read; /readyz answers not ready until they are", ("reason", .string(error.detail)))
            }
        }
    }

    /// Nil once the blocks are read (read again here if they were not); else why not ready.
    static func reasonNotReady(_ moderation: Moderation) async -> String? {
        if moderation.isLoaded { return nil }
        do throws(ServiceError) {
            try await moderation.reload()
            return nil
        } catch {
            return "the operator's blocks could not be read yet: \(error.detail)"
        }
    }
}
