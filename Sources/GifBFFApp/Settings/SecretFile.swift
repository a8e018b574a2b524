import API
import Foundation
import Glibc

/// Reads a secret from a file (`GIPHY_API_KEY_FILE` and the like): a regular file of at most
/// `maxBytes`, UTF-8, with one trailing line break (\n or \r\n) dropped, as `echo` and editors
/// leave one. Opened without blocking and checked to be a regular file, so a FIFO or a device
/// named by mistake is refused instead of hanging or filling memory at start-up.
enum SecretFile {
    static let maxBytes = 65_536

    static func read(_ path: String) throws(SettingValueError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw refusal("cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw refusal("it is not a regular file") }
        // One byte more than allowed tells a file that is too large from one that just fits.
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw refusal("cannot read it: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { throw refusal("it is larger than \(maxBytes) bytes") }
        var content = bytes[..<count]
        if content.last == UInt8(ascii: "\n") {
            content.removeLast()
            if content.last == UInt8(ascii: "\r") { content.removeLast() }
        }
        guard let text = String(bytes: content, encoding: .utf8) else { throw refusal("it is not UTF-8 text") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw refusal("it is empty") }
        return text
    }

    private static func refusal(_ problem: String) -> SettingValueError {
        SettingValueError(expected: "a readable file of at most \(maxBytes) bytes holding the value; \(problem)")
    }
}
