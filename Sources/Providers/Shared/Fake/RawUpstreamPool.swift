import Foundation
import Synchronization

/// A fake's raw listeners, one per behaviour, started on first use and stopped together.
package final class RawUpstreamPool: Sendable {
    private let listeners = Mutex<[RawUpstreamBehaviour: RawUpstream]>([:])
    /// Appended to each listener's base URL, as the fake's own base URL has it ("/v1" or "").
    private let path: String

    package init(path: String) {
        self.path = path
    }

    /// The base URL of the listener acting out `behaviour`.
    package func baseURL(for behaviour: RawUpstreamBehaviour) throws -> URL {
        try listeners.withLock { listeners in
            let listener = try listeners[behaviour] ?? RawUpstream(behaviour)
            listeners[behaviour] = listener
            return try LoopbackURL.make(host: "127.0.0.1", port: listener.port, path: path)
        }
    }

    /// Body bytes sent so far by the listener acting out `behaviour` (0 if none was started).
    package func bodyBytesSent(for behaviour: RawUpstreamBehaviour) -> Int {
        listeners.withLock { $0[behaviour]?.bodyBytesSent ?? 0 }
    }

    package func stopAll() {
        listeners.withLock { listeners in
            listeners.values.forEach { $0.stop() }
            listeners.removeAll()
        }
    }
}
