import Synchronization

/// Download-tracking calls answered, per photo id.
final class DownloadCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func add(id: String) { counts.withLock { $0[id, default: 0] += 1 } }
    func count(id: String) -> Int { counts.withLock { $0[id] ?? 0 } }
}
