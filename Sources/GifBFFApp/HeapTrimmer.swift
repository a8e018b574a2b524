import CSystemShims
import HTTPServer

/// Every half minute, hands the heap's free pages back to the system (`ProcessHeap.returnFreePages`),
/// so the server's RSS follows the memory it holds rather than what glibc kept after it was freed.
/// Each trim is logged at debug level with its duration, to see what it costs.
final class HeapTrimmer: Sendable {
    static let interval: Duration = .seconds(30)

    private let task: Task<Void, Never>

    /// What glibc keeps freed between trims: with its own thresholds (a 128 KB arena top, and
    /// thresholds that move), a miss's 107 KB upstream body and libcurl's receive buffer, freed,
    /// were handed back at once (madvise) and faulted in again by the next call (issue 46 item 7).
    /// The trimmer hands back what stays free; a block under `mmapBytes` is the arenas' to reuse.
    static let keptFreeBytes: Int32 = 4 << 20
    static let mmapBytes: Int32 = 1 << 20

    init(every interval: Duration = HeapTrimmer.interval, logger: Logger) {
        if shim_heap_keep_freed(Self.keptFreeBytes, Self.mmapBytes) != 1 {
            logger.warning("heap thresholds not set: glibc trims on every large free")
        }
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
