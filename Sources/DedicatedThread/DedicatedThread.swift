import Dispatch
import Foundation
import Synchronization

/// A thread of its own that runs one actor's jobs in order. Database calls block (SQLite on the
/// disk and its busy handler, libpq on the network); on this thread they hold up nothing else:
/// not an event loop, not Swift's cooperative pool.
package final class DedicatedThread: SerialExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var isStopping = false
    }

    private let queue = Mutex(Queue())
    /// Signalled once per enqueued job and once for stop, so the thread sleeps only when idle.
    private let wakeUp = DispatchSemaphore(value: 0)

    package init(name: String) {
        // Named from inside, and only once `start` has returned: named any earlier, the thread
        // now and then kept its creator's name (a dispatch queue's) on Linux, as Foundation
        // names only a Thread it knows to be the calling one.
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            started.wait()
            Thread.current.name = name
            runUntilStopped()
        }
        thread.start()
        started.signal()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        wakeUp.signal()
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The thread ends once the jobs already queued have run.
    package func stop() {
        queue.withLock { $0.isStopping = true }
        wakeUp.signal()
    }

    private func runUntilStopped() {
        while true {
            wakeUp.wait()
            let (batch, isStopping) = queue.withLock { queue in
                defer { queue.jobs = [] }
                return (queue.jobs, queue.isStopping)
            }
            for job in batch {
                job.runSynchronously(on: asUnownedSerialExecutor())
            }
            if isStopping && batch.isEmpty { return }
        }
    }
}
