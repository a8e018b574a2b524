import Foundation
import Synchronization

/// A clock the test moves by hand, so favorites can be added at equal or chosen times.
package final class TestClock: Sendable {
    private let current: Mutex<Date>

    package init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    package func now() -> Date { current.withLock { $0 } }

    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Lets a test hold the writer inside a write until it says go.
package final class Latch: Sendable {
    package init() {}

    private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let opened = Mutex(false)

    package func wait() async {
        await withCheckedContinuation { waiter in
            let isOpen = opened.withLock { isOpen in
                if !isOpen { continuation.withLock { $0 = waiter } }
                return isOpen
            }
            if isOpen { waiter.resume() }
        }
    }

    package func open() {
        let waiter = opened.withLock { isOpen -> CheckedContinuation<Void, Never>? in
            isOpen = true
            return continuation.withLock { waiter in defer { waiter = nil }; return waiter }
        }
        waiter?.resume()
    }
}
