import API
import Foundation
import HTTPServer
import Storage

/// Takes a snapshot of the SQLite file (`DatabaseSnapshots`) every interval and whenever asked
/// (SIGUSR1), one at a time, off the request path: each is logged (path, bytes, milliseconds) and
/// counted for /metrics, a failure too (and tried again at the next turn).
final class BackupScheduler: Sendable {
    /// The shortest interval: a smaller setting would take snapshots back to back.
    static let shortestInterval: Duration = .seconds(1)

    private let requests: AsyncStream<Void>.Continuation
    private let worker: Task<Void, Never>
    private let timer: Task<Void, Never>

    init(snapshots: DatabaseSnapshots, everyMinutes minutes: Double, metrics: BackupMetrics, logger: Logger) {
        // One waiting ask at most: asks made while a snapshot is taken are answered by one more.
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        requests = continuation
        worker = Task.detached(priority: .background) {
            for await _ in stream {
                if Task.isCancelled { break }
                await Self.takeOne(snapshots, metrics: metrics, logger: logger)
            }
        }
        let interval = max(Self.shortestInterval, .milliseconds(Int64((minutes * 60_000).rounded())))
        timer = Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                continuation.yield()
            }
        }
    }

    /// Asks for a snapshot now; returns at once.
    func request() {
        requests.yield()
    }

    /// No more snapshots; one under way is finished (synced and renamed) before this returns, so
    /// the database can close.
    func stop() async {
        timer.cancel()
        worker.cancel()
        requests.finish()
        await worker.value
    }

    private static func takeOne(_ snapshots: DatabaseSnapshots, metrics: BackupMetrics, logger: Logger) async {
        do throws(SnapshotFailure) {
            let snapshot = try await snapshots.take()
            let seconds = snapshot.duration / .seconds(1)
            metrics.recordWritten(bytes: snapshot.bytes, seconds: seconds, at: Date().timeIntervalSince1970)
            logger.info("backup written", ("path", .string(snapshot.path)), ("bytes", .int(snapshot.bytes)),
                        ("milliseconds", .int(Int(snapshot.duration / .milliseconds(1)))),
                        ("read_transaction_milliseconds", .int(Int(snapshot.readTransaction / .milliseconds(1)))),
                        ("pruned", .int(snapshot.pruned)), ("foreign", .int(snapshot.foreign)))
        } catch {
            metrics.recordFailed()
            logger.error("backup failed", ("folder", .string(snapshots.folder)), ("reason", .string(error.reason)))
        }
    }
}
