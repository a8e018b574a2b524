#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random bytes from the operating system's generator, for install ids and tokens: never a seeded
/// generator. On Linux, read from /dev/urandom (Glibc's module does not export getrandom(2); the
/// kernel serves both from the same generator); on Darwin, arc4random_buf. Installs are made
/// seldom (rate limited), so opening the device per call costs nothing that matters.
enum SecureRandom {
    struct Unavailable: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "the system's random generator cannot be read (errno \(errno))" }
    }

    static func bytes(_ count: Int) throws(Unavailable) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        #if canImport(Glibc)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Unavailable(errno: errno) }
        defer { close(fd) }
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + filled, count - filled)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw Unavailable(errno: got < 0 ? errno : EIO) }
            filled += got
        }
        #else
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { arc4random_buf(base, count) }
        }
        #endif
        return bytes
    }
}
