import Synchronization

/// Where the fake's GIFs point their analytics pingback urls (`http://host:port`): the fake
/// itself once it knows its port, or a host a test names.
final class PingbackHost: Sendable {
    private let base = Mutex<String?>(nil)

    var current: String? { base.withLock { $0 } }

    /// Without a trailing slash.
    func point(at text: String) {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        base.withLock { $0 = trimmed }
    }
}
