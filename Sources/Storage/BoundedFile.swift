import Glibc

/// Reads a small file named from outside (a secret's file, the backup folder's record): opened
/// without blocking and checked to be a regular file, so a FIFO or a device in its place is refused
/// instead of hanging, and read to at most `maxBytes`, so a huge one cannot fill memory.
package enum BoundedFile {
    package enum Failure: Error, Equatable {
        case cannotOpen(errno: Int32)
        case notARegularFile
        case cannotRead(errno: Int32)
        case tooLarge
    }

    package static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw .cannotOpen(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
        // One byte more than allowed tells a file that is too large from one that just fits.
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .cannotRead(errno: errno) }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { throw .tooLarge }
        return Array(bytes[..<count])
    }
}
