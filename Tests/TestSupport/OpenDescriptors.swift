import Glibc
import XCTest

/// This process's open descriptors by kind, read from /proc/self/fd: what a test compares
/// before and after starting and stopping something that must give back every descriptor.
package struct OpenDescriptors: CustomStringConvertible {
    /// Descriptor number to kind: "socket", "pipe", "anon_inode:[eventfd]", "anon_inode:[eventpoll]",
    /// "anon_inode:[timerfd]", or "file" for a path.
    package let kinds: [Int32: String]

    package init() {
        var kinds: [Int32: String] = [:]
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name), let directory = opendir("/proc/self/fd") else {
            self.kinds = [:]
            return
        }
        // The listing's own descriptor is left out.
        let own = dirfd(directory)
        var target = [CChar](repeating: 0, count: 256)
        while let entry = readdir(directory) {
            // The name up to its NUL only: an entry may end before a whole dirent would (ASan saw
            // Foundation read past the buffer copying whole ones).
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            guard let fd = Int32(name), fd != own else { continue }
            let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            // Closed between the listing and the readlink: not open any more.
            guard length > 0 else { continue }
            let link = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            kinds[fd] = Self.kind(of: link)
        }
        closedir(directory)
        self.kinds = kinds
    }

    /// "socket:[123]" and "pipe:[45]" lose their inode; anonymous inodes keep their name; a path is a file.
    static func kind(of link: String) -> String {
        if link.hasPrefix("socket:") { return "socket" }
        if link.hasPrefix("pipe:") { return "pipe" }
        if link.hasPrefix("anon_inode:") { return link }
        return "file"
    }

    package var count: Int { kinds.count }

    /// How many of each kind are open.
    package var countsByKind: [String: Int] {
        kinds.values.reduce(into: [:]) { counts, kind in counts[kind, default: 0] += 1 }
    }

    /// The descriptors of `kind`.
    package func descriptors(ofKind kind: String) -> [Int32] {
        kinds.filter { $0.value == kind }.map(\.key).sorted()
    }

    /// Per kind, how many more are open now than in `earlier` (kinds with fewer or as many left out).
    package func grown(since earlier: OpenDescriptors) -> [String: Int] {
        let before = earlier.countsByKind
        return countsByKind.reduce(into: [:]) { grown, entry in
            let more = entry.value - before[entry.key, default: 0]
            if more > 0 { grown[entry.key] = more }
        }
    }

    package var description: String {
        countsByKind.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}

/// Runs `startAndStop` once to warm up, then `times` times, and fails (at the caller's line) if
/// the process then holds more descriptors than before the `times` runs, give or take `slack`.
///
/// The warm-up takes what is opened once per process on first use (libdispatch's timerfd,
/// libcurl's global state), which is no leak. The slack is for other threads: XCTest runs one test
/// at a time, but what earlier tests started may still be letting go (a pool thread ending), and
/// the runtime may open a descriptor of its own meanwhile. A few either way; a leak of even one
/// descriptor per start and stop shows as `times`, well past it.
package func assertDescriptorsGivenBack(_ what: String, times: Int = 20, slack: Int = 4,
                                       file: StaticString = #filePath, line: UInt = #line,
                                       _ startAndStop: () async throws -> Void) async throws {
    try await startAndStop()
    let before = OpenDescriptors()
    for _ in 0..<times { try await startAndStop() }
    let after = OpenDescriptors()
    XCTAssertLessThanOrEqual(after.count, before.count + slack,
                             "\(what) \(times) times left \(after.count - before.count) more descriptors open "
                                 + "(grown: \(after.grown(since: before)); before: \(before); after: \(after))",
                             file: file, line: line)
}
