import Glibc

/// A failed system call: which call, and errno's number and text.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public let call: String
    public let errno: Int32

    init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }

    public var description: String {
        let text = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return "\(call): \(text)"
    }
}
