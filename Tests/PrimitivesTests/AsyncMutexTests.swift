@testable import Primitives
import Synchronization
import XCTest

/// An async mutex: one body at a time though each awaits, the waiters let in in arrival order,
/// and a body run in the background holds the mutex from the call on.
final class AsyncMutexTests: XCTestCase {
    /// What the bodies write, shared with their tasks.
    private final class Shared<Value: Sendable>: Sendable {
        let state: Mutex<Value>
        init(_ value: Value) { state = Mutex(value) }
        func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { state.withLock { body(&$0) } }
    }

    func testBodiesNeverOverlapThoughTheyAwait() async {
        let mutex = AsyncMutex()
        let inside = Shared((now: 0, most: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await mutex.run {
                        inside.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        await Task.yield()
                        try? await Task.sleep(for: .milliseconds(1))
                        inside.withLock { $0.now -= 1 }
                    }
                }
            }
        }
        XCTAssertEqual(inside.withLock { $0.most }, 1)
    }

    func testWaitersEnterInArrivalOrder() async {
        let mutex = AsyncMutex()
        let order = Shared<[Int]>([])
        let (released, release) = AsyncStream<Void>.makeStream()
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let holder = Task {
            await mutex.run {
                enter.yield()
                for await _ in released { break }
            }
        }
        // Two new tasks may start in either order: the first waiter starts only once the holder
        // holds the mutex, or it could enter first and never wait.
        for await _ in entered { break }
        var waiters: [Task<Void, Never>] = []
        for number in 1...5 {
            waiters.append(Task { await mutex.run { order.withLock { $0.append(number) } } })
            // The next starts only once this one waits, so arrival order is 1...5.
            let deadline = ContinuousClock.now + .seconds(10)
            while mutex.waiting < number, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
            if mutex.waiting != number {
                XCTFail("waiter \(number) does not wait")
                break
            }
        }
        release.yield()
        await holder.value
        for waiter in waiters { await waiter.value }
        XCTAssertEqual(order.withLock { $0 }, [1, 2, 3, 4, 5])
    }

    func testABackgroundBodyHoldsTheMutexFromTheCall() async {
        let mutex = AsyncMutex()
        let order = Shared<[String]>([])
        mutex.runInBackground {
            try? await Task.sleep(for: .milliseconds(20))
            order.withLock { $0.append("background") }
        }
        await mutex.run { order.withLock { $0.append("after") } }
        XCTAssertEqual(order.withLock { $0 }, ["background", "after"])
    }
}
