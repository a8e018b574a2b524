import CPostgreSQL
import Dispatch
import Synchronization

/// Cancels a COMMIT that is still waiting after `limit`, from another thread (libpq's `PQcancel`
/// is safe there). `statement_timeout` never ends a commit's wait for a synchronous standby (the
/// server turns it off before committing), so with the standby gone every write would wait for
/// ever; cancelled, the commit returns with a WARNING (`ServerWarnings`), and is not acknowledged.
final class CommitWatchdog: Sendable {
    /// `@unchecked Sendable`: libpq's cancel object, used and freed only under `state`'s lock.
    private final class Canceller: @unchecked Sendable {
        let cancel: OpaquePointer
        init(_ cancel: OpaquePointer) { self.cancel = cancel }
    }

    private let state: Mutex<Canceller?>

    /// Armed for the connection `handle` (on its own thread); nil when libpq gives no cancel object.
    init?(handle: OpaquePointer, limit: Duration) {
        guard let cancel = PQgetCancel(handle) else { return nil }
        state = Mutex(Canceller(cancel))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(limit.components.seconds * 1_000)
                                                                              + Int(limit.components.attoseconds / 1_000_000_000_000_000))) { [self] in
            state.withLock { canceller in
                guard let canceller else { return }
                var reason = [CChar](repeating: 0, count: 256)
                _ = PQcancel(canceller.cancel, &reason, Int32(reason.count))
            }
        }
    }

    /// The commit returned: no cancel from now on (one under way is finished first).
    func disarm() {
        state.withLock { canceller in
            if let canceller { PQfreeCancel(canceller.cancel) }
            canceller = nil
        }
    }
}
