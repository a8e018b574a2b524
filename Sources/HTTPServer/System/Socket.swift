import CSystemShims
import Glibc

/// The few socket operations the server needs, on raw file descriptors.
enum Socket {
    /// A non-blocking listening socket bound to `address`.
    static func listen(on address: SocketAddress, backlog: Int32) throws -> Int32 {
        let fd = socket(address.family, SHIM_SOCK_STREAM_NONBLOCK_CLOEXEC, 0)
        guard fd >= 0 else { throw SystemError("socket") }
        do {
            // IPv6 sockets keep the system's dual-stack default, so "::" serves IPv4 clients too.
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, "SO_REUSEADDR")
            let bound = address.withSockaddr { bind(fd, $0, $1) }
            guard bound == 0 else { throw SystemError("bind") }
            guard Glibc.listen(fd, backlog) == 0 else { throw SystemError("listen") }
            return fd
        } catch {
            close(fd)
            throw error
        }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32, _ label: String) throws {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw SystemError("setsockopt(\(label))")
        }
    }

    /// Options for every accepted connection: no Nagle delay between our single writes.
    static func configureAccepted(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// True when bytes wait in the socket's receive queue, not yet read (a peek: they stay there).
    static func hasUnreadInput(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Sends as much of `buffers` as the kernel takes now; returns bytes sent, 0 on EAGAIN, nil on a dead peer.
    static func send(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Int? {
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        let count = second.isEmpty ? 1 : 2
        while true {
            let sent = withUnsafeMutableBytes(of: &vectors) { raw -> Int in
                var message = msghdr()
                message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
                message.msg_iovlen = count
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
            if sent >= 0 { return sent }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: return nil
            }
        }
    }
}
