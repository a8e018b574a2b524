import CSystemShims
import Glibc
import Synchronization

/// Closing the listening socket while the loops go on serving the connections they have: each
/// loop takes the socket out of its epoll, and the last to do so accepts what is queued already
/// (those clients connected before the close: they are served) and then shuts the socket, so that
/// a new client is refused at once (a balancer tries another instance) instead of waiting in the
/// queue for an accept that never comes. The descriptor itself stays open until the server has
/// stopped: no loop may find its number reused while it still names it.
final class ListenerRelease: Sendable {
    private struct State {
        var loopsHolding: Int
        var started = false
        var done = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let listenFD: Int32
    private let state: Mutex<State>
    /// After new handshakes are dropped, the queue is taken this many more times, this far apart
    /// (50 ms in all, once per process: handshakes under way complete within a round trip).
    static let settleRounds = 10
    static let settleMicroseconds: UInt32 = 5_000

    init(listenFD: Int32, loops: Int) {
        self.listenFD = listenFD
        state = Mutex(State(loopsHolding: loops))
    }

    /// True for the first caller only: it asks each loop to let go.
    func begin() -> Bool {
        state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
    }

    /// One loop no longer watches the socket; the last one runs `acceptQueued`, then the socket is shut.
    func letGo(acceptQueued: () -> Void) {
        let isLast = state.withLock { state -> Bool in
            state.loopsHolding -= 1
            return state.loopsHolding == 0
        }
        guard isLast else { return }
        // Nothing may join the queue after the last accept: the shutdown resets what is queued
        // then, after its client may have sent a request, which a balancer does not retry unless
        // it is idempotent (a POST). So new handshakes are dropped first (a client sends its SYN
        // again a second later, and is then refused before it has sent anything: a balancer
        // retries that elsewhere, whatever the method), and those under way are given a few
        // round trips on a local network to complete, and are accepted and served.
        let filtered = shim_drop_new_handshakes(listenFD) == 0
        acceptQueued()
        if filtered {
            for _ in 0..<Self.settleRounds {
                usleep(Self.settleMicroseconds)
                acceptQueued()
            }
        }
        // SHUT_RD on a listening socket stops it listening (Linux): connects are refused from now.
        Glibc.shutdown(listenFD, Int32(SHUT_RDWR))
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the socket is shut.
    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
