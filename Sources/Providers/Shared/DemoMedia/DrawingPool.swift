import DedicatedThread
import Foundation
import Synchronization

/// How demo pictures are drawn: threads, the queue's bound, a test's hook.
package struct DemoDrawing: Sendable {
    /// Drawing threads (at least 1): 1 on a machine of 2 cores or fewer, 2 above; the rest is the loops'.
    package var threads = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount - 1))
    /// Distinct pictures waiting for a thread at most; one more is refused (503 `media_busy`).
    package var queueLimit = 128
    /// Called on a drawing thread before each drawing: a test holds or slows drawing here.
    package var willDraw: (@Sendable (DemoPicture) -> Void)?

    package init() {}
}

/// Where demo pictures are drawn: a fixed few threads of their own, never an event loop nor
/// Swift's cooperative pool (which every answer's async work shares), each at a lower priority
/// than the loops. One queue of bounded length feeds them: the same picture asked again while it
/// waits or is drawn shares that drawing, and past the bound a draw is refused at once (the
/// route answers 503). Threads start on the first draw.
final class DrawingPool: Sendable {
    enum Outcome: Sendable {
        case drawn([UInt8])
        case failed
        /// The queue is full.
        case busy
    }

    private struct State {
        var drawers: [Drawer?]
        var idle: [Int]
        var queued: [DemoPicture] = []
        /// Everyone waiting for a picture queued or being drawn.
        var waiting: [DemoPicture: [CheckedContinuation<Outcome, Never>]] = [:]
        var stopped = false
    }

    private let settings: DemoDrawing
    private let state: Mutex<State>
    /// Told of each picture drawn before anyone waiting for it resumes (the library keeps it).
    private let drawn: @Sendable (DemoPicture, [UInt8]) -> Void

    init(_ settings: DemoDrawing, drawn: @escaping @Sendable (DemoPicture, [UInt8]) -> Void) {
        let threads = max(1, settings.threads)
        self.settings = settings
        self.drawn = drawn
        state = Mutex(State(drawers: Array(repeating: nil, count: threads), idle: Array((0..<threads).reversed())))
    }

    deinit { stop() }

    /// `picture` drawn on a drawing thread, or shared with the same drawing under way.
    func draw(_ picture: DemoPicture) async -> Outcome {
        await withCheckedContinuation { continuation in
            enum Next { case wait, refuse(Outcome), start(Drawer) }
            let next = state.withLock { state -> Next in
                if state.stopped { return .refuse(.failed) }
                if state.waiting[picture] != nil {
                    state.waiting[picture]?.append(continuation)
                    return .wait
                }
                if let index = state.idle.popLast() {
                    state.waiting[picture] = [continuation]
                    let drawer = state.drawers[index] ?? Drawer(index: index, willDraw: settings.willDraw)
                    state.drawers[index] = drawer
                    return .start(drawer)
                }
                guard state.queued.count < settings.queueLimit else { return .refuse(.busy) }
                state.waiting[picture] = [continuation]
                state.queued.append(picture)
                return .wait
            }
            switch next {
            case .wait: break
            case .refuse(let outcome): continuation.resume(returning: outcome)
            case .start(let drawer): Task { await drawer.work(from: picture, for: self) }
            }
        }
    }

    /// Distinct pictures waiting for a thread.
    var queuedCount: Int { state.withLock { $0.queued.count } }
    /// Answers waiting for a picture, queued or being drawn.
    var waitingCount: Int { state.withLock { $0.waiting.values.reduce(0) { $0 + $1.count } } }

    /// Ends the threads once their drawing is done; a draw queued or asked later fails.
    func stop() {
        let (drawers, waiting) = state.withLock { state in
            state.stopped = true
            let waiting = state.queued.flatMap { state.waiting.removeValue(forKey: $0) ?? [] }
            state.queued = []
            return (state.drawers.compactMap { $0 }, waiting)
        }
        for continuation in waiting { continuation.resume(returning: .failed) }
        for drawer in drawers { drawer.stop() }
    }

    /// Called by a drawer on its thread when `picture` is done: everyone waiting for it resumes,
    /// and the drawer is given the next picture queued, or is idle again.
    fileprivate func finish(_ picture: DemoPicture, _ bytes: [UInt8]?, drawer index: Int) -> DemoPicture? {
        if let bytes { drawn(picture, bytes) }
        let (waiting, next) = state.withLock { state -> ([CheckedContinuation<Outcome, Never>], DemoPicture?) in
            let waiting = state.waiting.removeValue(forKey: picture) ?? []
            if !state.stopped, !state.queued.isEmpty { return (waiting, state.queued.removeFirst()) }
            state.idle.append(index)
            return (waiting, nil)
        }
        for continuation in waiting { continuation.resume(returning: bytes.map(Outcome.drawn) ?? .failed) }
        return next
    }
}

/// One drawing thread: draws what it is given, then what the queue holds, until it is empty.
private actor Drawer {
    private let thread: DedicatedThread
    nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
    private let index: Int
    private let willDraw: (@Sendable (DemoPicture) -> Void)?
    private var prioritySet = false

    init(index: Int, willDraw: (@Sendable (DemoPicture) -> Void)?) {
        thread = DedicatedThread(name: "demo-draw-\(index + 1)")
        self.index = index
        self.willDraw = willDraw
    }

    nonisolated func stop() { thread.stop() }

    func work(from first: DemoPicture, for pool: DrawingPool) {
        if !prioritySet {
            // Linux keeps a nice value per thread, and 0 names the calling one: the loops,
            // at 0, come first when both want a core.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            prioritySet = true
        }
        var next: DemoPicture? = first
        while let picture = next {
            willDraw?(picture)
            next = pool.finish(picture, try? picture.render(), drawer: index)
        }
    }
}
