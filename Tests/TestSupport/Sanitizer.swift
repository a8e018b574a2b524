import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What scripts/sanitizers.sh sets up for a sanitizer run, as a test's child process needs it.
package enum Sanitizer {
    /// The preloaded TSan shim and the options that collect reports. Tests that give a child an
    /// environment of its own add these, or a sanitizer build of the child would lack the shim
    /// and write its reports to a pipe no one reads (it did: gif-bff exited 66 in FirstRunTests).
    package static var childEnvironment: [String: String] {
        let carried: Set<String> = ["LD_PRELOAD", "TSAN_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS"]
        return ProcessInfo.processInfo.environment.filter { carried.contains($0.key) }
    }

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer: their allocators
    /// replace glibc's, whose own figures (`ProcessHeap`) then count nothing the program holds.
    package static var isActive: Bool {
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        return dlsym(everywhere, "__asan_init") != nil || dlsym(everywhere, "__tsan_init") != nil
    }
}
