import Glibc
import Synchronization

/// The mailbox of one event-loop thread, and the task executor that runs handlers on that thread.
///
/// Handlers run in tasks that prefer this executor, so a handler that does not suspend runs start to
/// finish on the loop's own thread with no hop; one that awaits something elsewhere resumes here.
/// Everything other threads touch is behind `mailbox`'s lock; the rest of the loop's state lives in
/// its `EventLoop`, which only the loop thread ever sees.
final class LoopExecutor: TaskExecutor, Sendable {
    enum Message: Sendable {
        case completed(token: UInt64, response: HTTPResponse)
        case shutdown(deadline: UInt64)
        /// The server drains: every answer from now on closes its connection.
        case closeEachAnswer
        /// Stop watching the listening socket; the last loop to do so shuts it (`ListenerRelease`).
        case releaseListener
        /// A connection another loop accepted, handed over for `reason`; `fd` is already counted
        /// in `connectionCount` and in the server's open connections.
        case adopt(fd: Int32, peer: Peer, reason: HandOver)
    }

    enum HandOver: Sendable {
        /// To even out the loops' loads.
        case balancing
        /// The server is at its limit and this loop had the oldest idle keep-alive connection: it
        /// closes that one to take this in its place. If its idle ones turned busy since, the
        /// search goes on in up to `forwardsLeft` more loops, then the client is answered 503.
        case replacingIdle(forwardsLeft: Int)
        /// The server is at its limit and this loop has a silent connection of `client`, the
        /// client holding the most: it closes the one silent longest to take this in its place,
        /// or else looks for an idle one as for `replacingIdle`.
        case replacingSilent(client: ClientKey, forwardsLeft: Int)

        /// It holds one of `ServerContext.maxReclaimsInFlight`.
        var isReplacing: Bool {
            if case .balancing = self { return false }
            return true
        }
    }

    struct Mailbox {
        var jobs: [UnownedJob] = []
        var messages: [Message] = []
        /// The loop is (about to be) blocked in epoll_wait and must be woken by the eventfd.
        var sleeping = false
        /// The loop thread has ended; jobs go to the global executor instead.
        var stopped = false
        /// Let go of as the loop stops, so a stopped server holds no eventfd however long a
        /// handler's task keeps this executor (past the grace period, say).
        var wake: WakeSignal?

        /// The signal to write after the lock is let go (written outside it: it is a syscall),
        /// when the loop sleeps; the reference keeps the eventfd open until the write is done.
        mutating func wakeIfSleeping() -> WakeSignal? {
            guard sleeping else { return nil }
            sleeping = false
            return wake
        }
    }

    let index: Int
    /// The eventfd, for the loop thread alone: registered with its epoll and drained while it
    /// runs (it stays open until the loop stops, which the same thread does).
    let wakeDescriptor: Int32
    /// Connections this loop serves, or has been handed and will serve: read by the other loops
    /// to choose where a new connection goes (`ServerContext.leastLoaded`).
    let connectionCount = Atomic<Int>(0)
    /// When this loop's oldest idle keep-alive connection went idle (`.max`: it has none), in
    /// `MonotonicClock` time: read by a loop accepting at the connection limit, to close the
    /// oldest idle connection of the server (`ServerContext.loopWithOldestIdle`).
    let oldestIdleSince = Atomic<UInt64>(.max)
    /// Requests this loop answered at once (a ready `HTTPResponder.answer`) and handed to workers:
    /// written by this loop alone (no line shared between loops), read by `HTTPServer.answerCounts`.
    let answeredReady = Atomic<Int>(0)
    let handedToWorkers = Atomic<Int>(0)
    private let mailbox: Mutex<Mailbox>

    init(index: Int) throws {
        self.index = index
        let wake = try WakeSignal()
        wakeDescriptor = wake.fd
        mailbox = Mutex(Mailbox(wake: wake))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let (wake, stopped) = mailbox.withLock { box -> (WakeSignal?, Bool) in
            guard !box.stopped else { return (nil, true) }
            box.jobs.append(unowned)
            return (box.wakeIfSleeping(), false)
        }
        if stopped {
            // A handler outlived its loop (a forced shutdown): let it finish elsewhere.
            globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
        }
        wake?.signal()
    }

    /// Leaves `message` for the loop; false when the loop has ended (nothing will read it).
    @discardableResult
    func post(_ message: Message) -> Bool {
        let (posted, wake) = mailbox.withLock { box -> (Bool, WakeSignal?) in
            guard !box.stopped else { return (false, nil) }
            box.messages.append(message)
            return (true, box.wakeIfSleeping())
        }
        wake?.signal()
        return posted
    }

    /// Swaps out what is waiting; false when there is nothing.
    func takeWork(jobs: inout [UnownedJob], messages: inout [Message]) -> Bool {
        mailbox.withLock { box in
            if box.jobs.isEmpty && box.messages.isEmpty { return false }
            swap(&box.jobs, &jobs)
            swap(&box.messages, &messages)
            return true
        }
    }

    /// Marks the loop as about to block in epoll_wait, unless work is waiting (then false).
    func prepareToSleep() -> Bool {
        mailbox.withLock { box in
            guard box.jobs.isEmpty && box.messages.isEmpty else { return false }
            box.sleeping = true
            return true
        }
    }

    func markAwake() { mailbox.withLock { $0.sleeping = false } }

    /// Called by the loop thread as it ends; jobs still queued move to the global executor, and
    /// the messages no one will apply now are returned (connections handed over must be closed).
    func stop() -> [Message] {
        let (jobs, messages) = mailbox.withLock { box -> ([UnownedJob], [Message]) in
            box.stopped = true
            box.wake = nil
            defer {
                box.jobs.removeAll()
                box.messages.removeAll()
            }
            return (box.jobs, box.messages)
        }
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        return messages
    }

    /// Resets the eventfd's counter after a wake-up, so the next write wakes epoll again.
    func drainWake() {
        var value: UInt64 = 0
        _ = read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
    }
}
