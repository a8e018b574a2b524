import Synchronization

/// One analytics pingback the fake received.
package struct ReceivedPingback: Sendable, Equatable {
    /// "SEEN", "CLICK" or "SENT", as GIPHY's `action_type`.
    package let action: String
    package let gifID: String
    package let randomID: String?
    /// Milliseconds, as sent; nil when absent or not a number.
    package let timestamp: Int64?
    /// True when the pingback carried an `api_key` (it never should).
    package let carriedKey: Bool
}

/// The pingbacks received, the latest 10,000, readable by tests and by GET /__pingbacks.
package final class PingbackLog: Sendable {
    static let capacity = 10_000
    private let received = Mutex<[ReceivedPingback]>([])

    func record(_ pingback: ReceivedPingback) {
        received.withLock { list in
            if list.count >= Self.capacity { list.removeFirst() }
            list.append(pingback)
        }
    }

    package var all: [ReceivedPingback] { received.withLock { $0 } }

    /// How many were received for one action ("SEEN") and GIF id, or for all when nil.
    package func count(action: String? = nil, gifID: String? = nil) -> Int {
        all.filter { (action == nil || $0.action == action) && (gifID == nil || $0.gifID == gifID) }.count
    }

    package func reset() { received.withLock { $0.removeAll() } }
}
