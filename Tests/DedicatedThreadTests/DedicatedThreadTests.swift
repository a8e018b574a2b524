import DedicatedThread
import Foundation
import XCTest

/// An actor on a `DedicatedThread` runs its jobs on that thread, one at a time; `stop` ends the
/// thread.
final class DedicatedThreadTests: XCTestCase {
    /// An actor whose jobs run on `thread`, as the databases' actors are.
    private actor OnThread {
        let thread: DedicatedThread
        private var running = 0
        private(set) var mostAtOnce = 0

        init(_ thread: DedicatedThread) { self.thread = thread }

        nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

        func threadName() -> String? { Thread.current.name }

        /// This thread's id, as /proc/thread-self names it ("PID/task/TID").
        func threadID() -> String {
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            return link.split(separator: "/").last.map(String.init) ?? ""
        }

        /// Counts the jobs inside at once; blocks the thread a little so that a second thread, were
        /// there one, would come in meanwhile.
        func overlapProbe() {
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            usleep(1_000)
            running -= 1
        }
    }

    func testAnActorOnItRunsOnTheNamedThreadNotTheCallers() async throws {
        let thread = DedicatedThread(name: "dedicated-test")
        defer { thread.stop() }
        let actor = OnThread(thread)
        let name = await actor.threadName()
        XCTAssertEqual(name, "dedicated-test")
        let actorThread = await actor.threadID()
        let again = await actor.threadID()
        XCTAssertEqual(actorThread, again, "every job on the one thread")
        XCTAssertFalse(actorThread.isEmpty)
    }

    func testJobsRunOneAtATime() async throws {
        let thread = DedicatedThread(name: "dedicated-serial")
        defer { thread.stop() }
        let actor = OnThread(thread)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { await actor.overlapProbe() } }
        }
        let mostAtOnce = await actor.mostAtOnce
        XCTAssertEqual(mostAtOnce, 1)
    }

    /// Stopped, the thread ends (it is held by its own loop otherwise, for as long as the process runs).
    func testStopEndsTheThread() async throws {
        let thread = DedicatedThread(name: "dedicated-stopped")
        let actor = OnThread(thread)
        let id = await actor.threadID()
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/proc/self/task/\(id)"))
        thread.stop()
        let deadline = ContinuousClock.now + .seconds(10)
        while FileManager.default.fileExists(atPath: "/proc/self/task/\(id)"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/self/task/\(id)"), "thread \(id) still runs")
    }
}
