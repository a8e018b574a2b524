import CSystemShims

/// The process's heap as the allocator counts it, beside the RSS the kernel counts: memory still
/// held by the program (`inUseBytes`) against memory freed but kept by the allocator
/// (`freeKeptBytes`). A rising RSS with a flat `inUseBytes` is the allocator's keeping, not a leak.
public enum HeapFigures {
    public static var inUseBytes: Int { Int(shim_heap_in_use()) }
    public static var freeKeptBytes: Int { Int(shim_heap_free_kept()) }
}
