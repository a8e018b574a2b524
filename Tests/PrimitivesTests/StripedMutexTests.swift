import Foundation
@testable import Primitives
import Synchronization
import XCTest

/// A striped mutex: each thread writes a stripe of its own (up to the stripes there are), a
/// thread always the same one, and a read merges every stripe; nothing added is lost.
final class StripedMutexTests: XCTestCase {
    /// Runs `body` on a new thread and waits for it.
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    func testEachThreadWritesAStripeOfItsOwnAndAlwaysTheSame() {
        let counts = StripedMutex<Int>(count: 8) { 0 }
        onNewThread { for _ in 0..<3 { counts.withLock { $0 += 1 } } }
        onNewThread { for _ in 0..<5 { counts.withLock { $0 += 1 } } }
        XCTAssertEqual(counts.values().filter { $0 != 0 }.sorted(), [3, 5], "two threads, two stripes, each written by one")
    }

    func testOneStripeIsSharedByEveryThread() {
        let counts = StripedMutex<Int>(count: 1) { 0 }
        onNewThread { counts.withLock { $0 += 1 } }
        onNewThread { counts.withLock { $0 += 2 } }
        XCTAssertEqual(counts.values(), [3])
    }

    func testNothingAddedConcurrentlyIsLost() {
        let counts = StripedMutex<[String: Int]>(count: 2) { [:] }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counts.withLock { $0["a", default: 0] += 1 } }
        }
        XCTAssertEqual(counts.values().map { $0["a", default: 0] }.reduce(0, +), 80_000)
    }

    func testThreadsAliveAtOnceGetTheirOwnIndex() {
        let indices = Mutex<Set<Int>>([])
        let started = DispatchGroup(), release = DispatchSemaphore(value: 0), done = DispatchGroup()
        for _ in 0..<4 {
            started.enter(); done.enter()
            Thread {
                indices.withLock { _ = $0.insert(ThreadIndex.current) }
                XCTAssertEqual(ThreadIndex.current, ThreadIndex.current, "the same thread reads its index again")
                started.leave()
                release.wait()
                done.leave()
            }.start()
        }
        started.wait()
        for _ in 0..<4 { release.signal() }
        done.wait()
        XCTAssertEqual(indices.withLock { $0.count }, 4)
    }
}
