import Glibc
import Synchronization

/// A value split into stripes, one per thread that writes it (the first `count` threads to write
/// get one each; later ones share), each behind a mutex of its own; reading goes over every
/// stripe and merges. The field's striped counter (Java's `LongAdder`), for any value that merges
/// on read: what every answer adds to, held in one place, moved its cache line between the event
/// loops' cores on every request, and the lock's compare-and-swap was where the adding spent its
/// time. Inlinable, so it is specialised where it is used (the request metrics, on every answer).
public final class StripedMutex<Value: Sendable>: Sendable {
    /// A class of its own per stripe, padded past two cache lines: two stripes' locks in one line
    /// would move it between cores as one lock did.
    @usableFromInline final class Stripe: Sendable {
        @usableFromInline let value: Mutex<Value>
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        @usableFromInline init(_ value: Value) { self.value = Mutex(value) }
    }

    @usableFromInline let stripes: [Stripe]

    @inlinable
    public init(count: Int = 8, _ make: () -> Value) {
        stripes = (0..<max(1, count)).map { _ in Stripe(make()) }
    }

    /// Changes the calling thread's stripe.
    @inlinable
    public func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        stripes[ThreadIndex.current % stripes.count].value.withLock(body)
    }

    /// Every stripe's value, read one stripe at a time.
    @inlinable
    public func values() -> [Value] {
        stripes.map { stripe in stripe.value.withLock { $0 } }
    }
}

/// A small number per thread, given in the order threads first ask (0, 1, 2, ...), held in a
/// thread-specific slot: a thread reads it with `pthread_getspecific`, with no lock.
@usableFromInline
enum ThreadIndex {
    /// Nil when the system has no key left to give: every thread is then 0 (one stripe, as before).
    @usableFromInline static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    @usableFromInline static let next = Atomic<Int>(0)

    @inlinable
    static var current: Int {
        guard let key else { return 0 }
        // Stored plus one: a slot never set reads as nil.
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) &- 1 }
        // Held at or above 0 and below Int.max, so plus one neither wraps nor reads as nil.
        let index = next.add(1, ordering: .relaxed).oldValue & (Int.max >> 1)
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: index &+ 1))
        return index
    }
}
