import CSystemShims

/// The process's heap as the allocator counts it, beside the RSS the kernel counts: memory still
/// held by the program (`inUseBytes`) against memory freed but kept by the allocator
/// (`freeKeptBytes`). A rising RSS with a flat `inUseBytes` is the allocator's keeping, not a leak.
package enum ProcessHeap {
    package static var inUseBytes: Int { Int(shim_heap_in_use()) }
    package static var freeKeptBytes: Int { Int(shim_heap_free_kept()) }

    /// Hands the free pages of every arena back to the system. glibc keeps what a thread's arena
    /// freed for that arena's next allocations; with answers of tens of kilobytes made and dropped
    /// on several threads, what it kept grew by megabytes a minute while the heap in use stayed
    /// flat (bench/soak.sh). The chunks stay the allocator's; only their pages are released.
    @discardableResult
    package static func returnFreePages() -> Bool { shim_heap_trim() == 1 }
}
