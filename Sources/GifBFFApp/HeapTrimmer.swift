import HTTPServer

/// Every half minute, hands the heap's free pages back to the system (`ProcessHeap.returnFreePages`),
/// so the server's RSS follows the memory it holds rather than what glibc kept after it was freed.
/// Each trim is logged at debug level with its duration, to see what it costs.
final class HeapTrimmer: Sendable {
    static let interval: Duration = .seconds(30)

    private let task: Task<Void, Never>

    init(every interval: Duration = HeapTrimmer.interval, logger: Logger) {
        task = Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                let start = ContinuousClock.now
                let returned = ProcessHeap.returnFreePages()
                let microseconds = (ContinuousClock.now - start) / .microseconds(1)
                logger.debug("heap trimmed", ("microseconds", .int(Int(microseconds))), ("pages_returned", .string(returned ? "yes" : "no")),
                             ("heap_in_use_bytes", .int(ProcessHeap.inUseBytes)))
            }
        }
    }

    func stop() { task.cancel() }
}
