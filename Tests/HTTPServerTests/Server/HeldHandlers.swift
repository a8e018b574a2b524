import HTTPServer
import Synchronization

/// A route whose handler waits until the test lets it go: a request "in flight" for as long as a
/// test needs, so what must not wait for it is checked by order (answered while it is held), not
/// by how long something took.
final class HeldHandlers: Sendable {
    private let counts = Mutex<(entered: Int, finished: Int)>((0, 0))
    private let gate = AsyncGate()

    /// Handlers that have started, and those that have returned.
    var entered: Int { counts.withLock { $0.entered } }
    var finished: Int { counts.withLock { $0.finished } }

    /// Lets every held handler, and any later one, finish.
    func release() { gate.open() }

    /// The standard routes and `GET /held`, which waits for `release()`.
    func routes(_ router: inout RouterBuilder) {
        TestServer.standardRoutes(&router)
        router.get("/held") { [self] _ in
            counts.withLock { $0.entered += 1 }
            await gate.wait()
            counts.withLock { $0.finished += 1 }
            return .json("{\"held\":true}")
        }
    }
}
