import Foundation
import XCTest

/// The sanitizer the test run is under, as scripts/sanitizers.sh says (GIF_BFF_SANITIZER).
public enum Sanitizer: String, Sendable {
    case thread
    case address

    public static let current: Sanitizer? = ProcessInfo.processInfo.environment["GIF_BFF_SANITIZER"]
        .flatMap(Sanitizer.init(rawValue:))

    /// Skips the calling test when it runs under `sanitizer`; `reason` says why it cannot hold there.
    public static func skip(under sanitizer: Sanitizer, because reason: String) throws {
        if current == sanitizer { throw XCTSkip("not run under the \(sanitizer.rawValue) sanitizer: \(reason)") }
    }

    /// What a child process needs to run under the same set-up as the tests (the preloaded TSan
    /// shim, the options that collect reports). Tests that give a child an environment of its
    /// own add these, or a sanitizer build of the child would report in a place no one reads.
    public static var childEnvironment: [String: String] {
        let carried: Set<String> = ["GIF_BFF_SANITIZER", "LD_PRELOAD", "TSAN_OPTIONS", "ASAN_OPTIONS", "LSAN_OPTIONS"]
        return ProcessInfo.processInfo.environment.filter { carried.contains($0.key) }
    }
}
