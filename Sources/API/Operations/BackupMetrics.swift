import Synchronization

/// Snapshots of the SQLite file (GIF_BFF_BACKUP_DIR) written and failed, for /metrics: an
/// operator alerts on the time of the last one written, or on failures.
package final class BackupMetrics: Sendable {
    package struct Counts: Sendable, Equatable {
        package var written = 0
        package var failed = 0
        package var lastBytes = 0
        package var lastSeconds = 0.0
        /// Seconds since 1970 when the last snapshot was written; 0 before the first.
        package var lastWrittenAt = 0.0
    }

    private let state = Mutex(Counts())

    package init() {}

    package func recordWritten(bytes: Int, seconds: Double, at time: Double) {
        state.withLock { counts in
            counts.written += 1
            counts.lastBytes = bytes
            counts.lastSeconds = seconds
            counts.lastWrittenAt = time
        }
    }

    package func recordFailed() {
        state.withLock { $0.failed += 1 }
    }

    package var counts: Counts { state.withLock { $0 } }
}
