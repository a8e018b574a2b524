import Glibc

/// A descriptor held in reserve. When accept fails for want of descriptors, releasing it lets the
/// server accept one waiting client, answer it 503 and close, instead of leaving it hanging.
enum SpareDescriptor {
    static func open() -> Int32 { Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC) }

    static func close(_ fd: Int32) {
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}
