import Glibc

/// A failed system call: which call, and errno's number and text.
package struct SystemError: Error, CustomStringConvertible, Sendable {
    package let call: String
    package let errno: Int32

    init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }

    package var description: String {
        let text = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return "\(call): \(text)"
    }
}
