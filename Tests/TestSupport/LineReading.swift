import Foundation
import Glibc

/// A child process's output was not a full line in time.
package struct LineTimeout: Error {}

/// Reads `handle` (a child's stdout) until a full line arrives, giving up after `timeout`; at end of
/// file (the child exited), what arrived so far.
package func readLine(from handle: FileHandle, timeout: TimeInterval) throws -> String {
    var buffer = Data()
    let deadline = Date().addingTimeInterval(timeout)
    while !buffer.contains(UInt8(ascii: "\n")) {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw LineTimeout() }
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
        let chunk = handle.availableData
        guard !chunk.isEmpty else { break }
        buffer.append(chunk)
    }
    return String(decoding: buffer, as: UTF8.self)
}
