import Synchronization

/// Whether this instance should be sent requests (`GET /readyz`), as a balancer asks: not once it
/// drains before stopping, nor while its storage does not answer. Liveness (`/healthz`) is
/// another question: a process that is not ready is still alive, and must not be restarted for it.
package final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)
    /// Nil when the storage answers; else why not, for the answer's detail.
    private let probeStorage: @Sendable () async -> String?

    package init(probeStorage: @escaping @Sendable () async -> String? = { nil }) {
        self.probeStorage = probeStorage
    }

    /// From now on not ready: the server is stopping (it serves on until its listener closes).
    package func startDraining() {
        draining.store(true, ordering: .relaxed)
    }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Nil when ready; else why not.
    func reasonNotReady() async -> String? {
        if isDraining { return "The server is shutting down (draining): send requests to another instance." }
        return await probeStorage().map { "The storage is unreachable: \($0)" }
    }
}
